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
// The entry form calls the Re party "Soloist" while a solo is chosen (only the legend; the server checks all).
function soloLegend() {
  var chosen = document.querySelector("#f-game input[name=game]:checked");
  var who = document.querySelector("#f-re .who");
  if (chosen && who) who.textContent = chosen.getAttribute("data-solo") === "1" ? "Soloist" : "Re";
}
document.addEventListener("change", function (event) {
  if (event.target.name === "game") soloLegend();
});
document.addEventListener("DOMContentLoaded", soloLegend);
