// Doppelkopf – die Liste: the page's own few lines (no build step). The server computes everything shown.
// The "live" dot: green while the list's event stream (htmx SSE extension) is open.
document.addEventListener("htmx:sseOpen", function () {
  var dot = document.getElementById("live");
  if (dot) dot.classList.add("on");
});
document.addEventListener("htmx:sseError", function () {
  var dot = document.getElementById("live");
  if (dot) dot.classList.remove("on");
});
// Forms with data-confirm ask first (deleting a game).
document.addEventListener("submit", function (event) {
  var question = event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
});
// The entry form calls the Re party the soloist (its data-solo-label, in the page's language) while a solo is
// chosen (only the legend; the server checks all).
function soloLegend() {
  var chosen = document.querySelector("#f-game input[name=game]:checked");
  var who = document.querySelector("#f-re .who");
  if (chosen && who) who.textContent = chosen.getAttribute("data-solo") === "1" ? who.getAttribute("data-solo-label") : "Re";
}
document.addEventListener("change", function (event) {
  if (event.target.name === "game") soloLegend();
});
document.addEventListener("DOMContentLoaded", soloLegend);
// The online table: every WebSocket message replaces the whole #table-view, so a <details data-keep="KEY">
// (the last trick, the Liste, the rules) would fall back to the server's default state each time. Its state is
// remembered once the person opens or closes it (a click on its summary, also by keyboard) and put back after
// every swap; until then the server's default stands.
var keptOpen = {};
var toggledByHand = null;
document.addEventListener("click", function (event) {
  var summary = event.target.closest && event.target.closest("summary");
  var details = summary && summary.parentElement;
  if (details && details.tagName === "DETAILS" && details.getAttribute("data-keep")) {
    toggledByHand = details.getAttribute("data-keep");
    keptOpen[toggledByHand] = !details.open;  // the click opens or closes it right after; "toggle" confirms
  }
}, true);
document.addEventListener("toggle", function (event) {
  var details = event.target;
  var key = details.getAttribute && details.getAttribute("data-keep");
  if (key && key === toggledByHand) {
    keptOpen[key] = details.open;
    toggledByHand = null;
  }
}, true);
function restoreDetails() {
  var all = document.querySelectorAll("details[data-keep]");
  for (var i = 0; i < all.length; i++) {
    var key = all[i].getAttribute("data-keep");
    if (Object.prototype.hasOwnProperty.call(keptOpen, key) && all[i].open !== keptOpen[key]) {
      all[i].open = keptOpen[key];
    }
  }
}
document.addEventListener("htmx:wsAfterMessage", restoreDetails);
document.addEventListener("htmx:oobAfterSwap", restoreDetails);
document.addEventListener("htmx:afterSwap", restoreDetails);
// A logout forgets what this device kept (its pages for offline use, its queue): a button with
// data-queue-confirm (a form) asks first while games wait in the queue of offline.js.
document.addEventListener("DOMContentLoaded", function () {
  var waiting = 0;
  try { waiting = JSON.parse(window.localStorage.getItem("doko-offline-queue") || "[]").length; } catch (e) { waiting = 0; }
  document.querySelectorAll("form[data-queue-confirm]").forEach(function (form) {
    if (waiting > 0) form.setAttribute("data-confirm", form.getAttribute("data-queue-confirm"));
  });
});

