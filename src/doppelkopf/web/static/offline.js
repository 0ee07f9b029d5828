// Doppelkopf – die Liste: the phone without a connection (no build step; every text comes from the page's
// #offline panel, rendered through the catalogue). It registers the service worker (/sw.js), and on the entry
// form and the correction form it sends the form itself: saved, the page goes where the server sends it;
// refused, the form is sent once more the usual way so that the server's page shows why (the write carries a
// client_id, which the server takes once, so sending it again is harmless). When the server cannot be reached,
// the entry waits in this phone's queue (localStorage), in order, and is sent when the connection is back (the
// online event, a page of the sitting opened, every 5 s). A queued game whose number someone else took
// meanwhile, or a queued correction of a game changed meanwhile (409), is shown with both versions and the two
// choices: enter mine as the next game / drop mine, keep mine / keep theirs.
(function () {
  "use strict";
  var QUEUE_KEY = "doko-offline-queue";
  var RETRY_MS = 5000;  // while something waits: navigator.onLine and the online event are not to be trusted

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  function newId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);  // also on plain http in the local network, unlike randomUUID
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function load() {
    try {
      var queue = JSON.parse(window.localStorage.getItem(QUEUE_KEY) || "[]");
      return Array.isArray(queue) ? queue : [];
    } catch (e) {
      return [];
    }
  }

  function save(queue) {
    window.localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
  }

  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function fieldOf(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }

  function setField(fields, name, value) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) {
        fields[i][1] = String(value);
        return;
      }
    }
    fields.push([name, String(value)]);
  }

  function init() {
    var panel = document.getElementById("offline");
    if (!panel) return;
    var texts = panel.dataset;
    var sitting = Number(panel.dataset.sitting);
    var form = document.getElementById("entry-form");
    var flushing = false;
    var timer = null;

    var NEXT_KEY = "doko-offline-next:" + sitting;

    // the next game's number as this phone last saw it live (a kept form shows the number it had then)
    function knownNext() {
      return Number(window.localStorage.getItem(NEXT_KEY) || 0);
    }
    function sawNext(number) {
      window.localStorage.setItem(NEXT_KEY, String(number));
    }
    if (!panel.dataset.keptAt && panel.dataset.next) sawNext(Number(panel.dataset.next));

    function el(id) { return document.getElementById(id); }
    function show(id, text) {
      var node = el(id);
      if (!node) return;
      if (text === null) {
        node.hidden = true;
      } else {
        node.textContent = text;
        node.hidden = false;
      }
    }

    // -- the kept copy -----------------------------------------------------------------------------
    function keptNote() {
      var kept = panel.dataset.keptAt;
      if (!kept) return;
      var when = new Date(kept);
      var lang = document.documentElement.lang || "de";
      var today = when.toDateString() === new Date().toDateString();
      var options = today ? { hour: "2-digit", minute: "2-digit" }
        : { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" };
      show("offline-kept", fill(texts.tKept, { time: when.toLocaleString(lang, options) }));
      var notice = el("notice");  // "game 3 saved" of the copy's time: not news now
      if (notice) notice.hidden = true;
    }

    // -- the queue ---------------------------------------------------------------------------------
    function mine(queue) {
      return queue.filter(function (item) { return item.sitting === sitting; });
    }

    function showCount() {
      var count = mine(load()).length;
      var node = el("offline-queue");
      if (!count) {
        node.hidden = true;
        return;
      }
      el("offline-count").textContent = fill(count === 1 ? texts.tQueuedOne : texts.tQueuedOther, { count: count });
      node.hidden = false;
    }

    function summary(theForm) {
      // what the person chose, in the words of the form's own labels
      var parts = [];
      var byTitle = {};
      Array.prototype.forEach.call(theForm.elements, function (input) {
        if (!input.name || input.type === "hidden" || input.type === "submit" || input.tagName === "BUTTON") return;
        if (input.disabled || typeof input.value !== "string") return;
        var value = "";
        if (input.type === "checkbox" || input.type === "radio") {
          if (!input.checked) return;
          var label = input.closest("label");
          value = label ? label.textContent.trim() : input.value;
        } else if (input.tagName === "SELECT") {
          if (!input.value) return;
          value = input.options[input.selectedIndex].textContent.trim();
        } else if (input.value.trim()) {
          value = input.value.trim();
        } else {
          return;
        }
        var box = input.closest("fieldset, label.field");
        var head = box && (box.querySelector("legend") || box.querySelector("span"));
        var title = head && head.firstChild ? head.firstChild.textContent.trim() : input.name;
        if (!Object.prototype.hasOwnProperty.call(byTitle, title)) {
          byTitle[title] = [];
          parts.push(title);
        }
        byTitle[title].push(value);
      });
      return parts.map(function (title) { return title + ": " + byTitle[title].join(", "); }).join(" · ");
    }

    function enqueue(theForm) {
      var fields = [];
      new FormData(theForm).forEach(function (value, name) {
        if (typeof value === "string") fields.push([name, value]);
      });
      var queue = load();
      var action = new URL(theForm.action, window.location.href).pathname;
      var item = {
        id: fieldOf(fields, "client_id"),
        sitting: sitting,
        action: action,
        fields: fields,
        summary: summary(theForm),
        at: new Date().toISOString()
      };
      if (fieldOf(fields, "number")) {
        // a new game: after the games already waiting (the form still shows the number it had offline)
        var number = nextNumber(Number(fieldOf(fields, "number")));
        item.kind = "add";
        item.number = number;
        setField(fields, "number", number);
      } else {
        item.kind = "edit";
        item.number = Number(action.split("/").pop());
      }
      queue.push(item);
      save(queue);
      var cid = theForm.querySelector("input[name=client_id]");
      if (item.kind === "add") {
        theForm.reset();
        if (cid) cid.value = newId();
      } else if (cid) {
        cid.value = newId();
      }
      show("offline-stored", fill(item.kind === "add" ? texts.tStoredAdd : texts.tStoredEdit, { number: item.number }));
      renumber();
      showCount();
      window.scrollTo(0, 0);
      schedule();
    }

    function nextNumber(seen) {
      // a new game's number: after the last game seen live and after the games waiting on this phone
      var number = Math.max(seen, knownNext());
      var fixing = window.sessionStorage.getItem("doko-offline-correct");  // the one being corrected: not ahead
      mine(load()).forEach(function (other) {
        if (other.id === fixing) return;
        if (other.kind === "add" && other.number >= number) number = other.number + 1;
      });
      return number;
    }

    function renumber() {
      // the entry form of a new game (a kept copy shows the number it had then): the number it will get
      var field = form && form.querySelector("input[name=number]");
      if (!field) return;
      var number = nextNumber(Number(field.value));
      if (number === Number(field.value)) return;
      field.value = String(number);
      var title = document.querySelector("main section.card h1");
      if (title) title.textContent = fill(texts.tGame, { number: number });
      var save = el("save");
      if (save) save.textContent = fill(texts.tSave, { number: number });
    }

    function schedule() {
      if (timer === null && mine(load()).length) timer = window.setInterval(flush, RETRY_MS);
    }

    function update(id, change) {
      var queue = load();
      for (var i = 0; i < queue.length; i++) {
        if (queue[i].id === id) {
          change(queue, i);
          break;
        }
      }
      save(queue);
    }

    function drop(id) {
      update(id, function (queue, i) { queue.splice(i, 1); });
    }

    function post(item) {
      var body = new URLSearchParams();
      item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      return window.fetch(item.action, { method: "POST", body: body, credentials: "same-origin", redirect: "follow" });
    }

    function saved(response) {
      // the form routes answer a taken write with a redirect to the sitting's list
      return response.ok && response.redirected && new URL(response.url).pathname === "/sittings/" + sitting;
    }

    function errorText(html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var node = doc.getElementById("error") || doc.querySelector(".error, main");
      return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
    }

    function flush() {
      if (flushing || navigator.onLine === false) return;
      var queue = mine(load());
      if (!queue.length) {
        if (timer !== null) window.clearInterval(timer);
        timer = null;
        showCount();
        return;
      }
      var item = queue[0];
      if (item.conflict || item.refused) {
        showConflict(item);
        return;
      }
      flushing = true;
      post(item).then(function (response) {
        if (saved(response)) {
          if (item.kind === "add") sawNext(item.number + 1);
          drop(item.id);
          el("offline-stored").hidden = true;
          flushing = false;
          showCount();
          if (!mine(load()).length && panel.dataset.keptAt) {
            window.location.reload();  // the kept copy gives way to the list as it is now
            return;
          }
          flush();
          return;
        }
        return response.text().then(function (html) {
          flushing = false;
          if (response.status === 409) {
            update(item.id, function (all, i) { all[i].conflict = true; });
          } else if (response.status === 422 || response.status === 404) {
            update(item.id, function (all, i) { all[i].refused = errorText(html); });
          } else {
            return;  // the server cannot take it now (503 ...): the next try
          }
          flush();
        });
      }, function () {
        flushing = false;  // still no connection: the next try
      });
    }

    // -- a conflict --------------------------------------------------------------------------------
    function button(label, id, action) {
      var node = document.createElement("button");
      node.type = "button";
      node.className = "btn secondary";
      node.id = id;
      node.textContent = label;
      node.addEventListener("click", function () {
        node.disabled = true;
        action();
      });
      return node;
    }

    function side(title, className) {
      var box = document.createElement("div");
      box.className = className;
      var head = document.createElement("strong");
      head.textContent = title;
      box.appendChild(head);
      return box;
    }

    function resolved() {
      el("offline-stored").hidden = true;
      el("offline-conflict").hidden = true;
      el("offline-conflict").textContent = "";
      showCount();
      flush();
    }

    function showConflict(item) {
      var box = el("offline-conflict");
      if (box.dataset.item === item.id && !box.hidden) return;
      box.dataset.item = item.id;
      box.textContent = "";
      var head = document.createElement("p");
      head.className = "offline-title";
      head.textContent = item.refused
        ? fill(texts.tRefused, { number: item.number, reason: item.refused })
        : fill(item.kind === "add" ? texts.tConflictAdd : texts.tConflictEdit, { number: item.number });
      box.appendChild(head);
      var theirs = side(texts.tTheirs, "offline-theirs");
      var yours = side(texts.tMine, "offline-mine");
      var text = document.createElement("p");
      text.textContent = item.summary;
      yours.appendChild(text);
      if (!item.refused) box.appendChild(theirs);
      box.appendChild(yours);
      var choices = document.createElement("p");
      choices.className = "actions";
      box.appendChild(choices);
      box.hidden = false;
      if (item.refused) {
        // refused (a player who sits out, a number the list no longer has ...): open it in the form to correct
        choices.appendChild(button(texts.tCorrectMine, "offline-correct", function () { correctMine(item); }));
        choices.appendChild(button(texts.tDropMine, "offline-drop", function () { drop(item.id); resolved(); }));
        return;
      }
      window.fetch("/sittings/" + sitting + "/games/" + item.number, { credentials: "same-origin" }).then(function (response) {
        return response.text().then(function (html) {
          if (!response.ok) {
            var gone = document.createElement("p");
            gone.textContent = fill(texts.tGone, { number: item.number });
            theirs.appendChild(gone);
            return false;
          }
          var doc = new DOMParser().parseFromString(html, "text/html");
          var title = doc.querySelector("main section.card h1");
          var who = doc.querySelector("main section.card h1 + p");
          var table = doc.querySelector("main section.card .scroll table");
          [title, who, table].forEach(function (node) {
            if (!node) return;
            var copy = document.createElement(node.tagName === "TABLE" ? "div" : "p");
            if (node.tagName === "TABLE") {
              copy.className = "scroll";
              copy.appendChild(document.importNode(node, true));
            } else {
              copy.textContent = node.textContent.trim();
            }
            theirs.appendChild(copy);
          });
          return true;
        });
      }).catch(function () { return true; }).then(function (there) {
        if (item.kind === "add") {
          choices.appendChild(button(texts.tMineNext, "offline-mine-next", function () { enterAsNext(item); }));
          choices.appendChild(button(texts.tDropMine, "offline-drop", function () { drop(item.id); resolved(); }));
        } else {
          if (there) choices.appendChild(button(texts.tKeepMine, "offline-keep-mine", function () { keepMine(item); }));
          choices.appendChild(button(texts.tKeepTheirs, "offline-keep-theirs", function () { drop(item.id); resolved(); }));
        }
      });
    }

    // -- a refused entry corrected in the form ----------------------------------------------------------
    var EDIT_KEY = "doko-offline-correct";

    function correctMine(item) {
      // the form of the game (the next game's form for a new one) opens filled with what this phone kept
      window.sessionStorage.setItem(EDIT_KEY, item.id);
      var path = item.kind === "add" ? "/sittings/" + sitting + "/games/new" : item.action;
      if (fieldOf(item.fields, "mode") === "quick") path += "?mode=quick";
      window.location.assign(path);
    }

    function fillForm(theForm, fields) {
      var skip = { client_id: 1, number: 1, version: 1 };
      var cleared = {};
      fields.forEach(function (pair) {
        var name = pair[0];
        var value = pair[1];
        if (skip[name]) return;
        var inputs = theForm.querySelectorAll("[name='" + name.replace(/'/g, "") + "']");
        Array.prototype.forEach.call(inputs, function (input) {
          if (input.type === "checkbox" || input.type === "radio") {
            if (!cleared[name]) input.checked = false;
            if (input.value === value) input.checked = true;
          } else if (input.type !== "hidden" || name === "author") {
            input.value = value;
          }
          input.dispatchEvent(new Event("change", { bubbles: true }));
        });
        cleared[name] = 1;
      });
    }

    function correcting() {
      // on the form: the refused entry this phone kept, to correct and save; it leaves the queue once saved
      var id = window.sessionStorage.getItem(EDIT_KEY);
      if (!id || !form) return null;
      var item = mine(load()).filter(function (other) { return other.id === id; })[0];
      if (!item) {
        window.sessionStorage.removeItem(EDIT_KEY);
        return null;
      }
      fillForm(form, item.fields);
      show("offline-stored", fill(texts.tCorrecting, { number: item.number, reason: item.refused || "" }));
      return item;
    }

    function json(url) {
      return window.fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      });
    }

    function enterAsNext(item) {
      json("/api/sittings/" + sitting).then(function (info) {
        var number = Number(info.games) + 1;
        var shift = number - item.number;
        update(item.id, function (all, i) {
          all.forEach(function (other, j) {
            // the games queued after mine move on with it
            if (j > i && other.sitting === sitting && other.kind === "add") {
              other.number += shift;
              setField(other.fields, "number", other.number);
            }
          });
          all[i].number = number;
          setField(all[i].fields, "number", number);
          delete all[i].conflict;
        });
        resolved();
      }).catch(function () { el("offline-conflict").querySelectorAll("button").forEach(function (b) { b.disabled = false; }); });
    }

    function keepMine(item) {
      json("/api/sittings/" + sitting + "/games/" + item.number).then(function (game) {
        update(item.id, function (all, i) {
          setField(all[i].fields, "version", game.version);
          delete all[i].conflict;
        });
        resolved();
      }).catch(function () { el("offline-conflict").querySelectorAll("button").forEach(function (b) { b.disabled = false; }); });
    }

    // -- the form ----------------------------------------------------------------------------------
    var fixing = correcting();
    if (form) {
      var cid = form.querySelector("input[name=client_id]");
      if (cid && !cid.value) cid.value = newId();
      form.addEventListener("submit", function (event) {
        if (event.defaultPrevented || form.dataset.native === "1") return;
        event.preventDefault();
        if (navigator.onLine === false) {
          enqueue(form);
          return;
        }
        var body = new URLSearchParams();
        new FormData(form).forEach(function (value, name) {
          if (typeof value === "string") body.append(name, value);
        });
        var button = form.querySelector("button[type=submit]");
        if (button) button.disabled = true;
        window.fetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "follow" }).then(function (response) {
          if (response.ok && response.redirected) {
            if (fixing) {
              drop(fixing.id);
              window.sessionStorage.removeItem(EDIT_KEY);
            }
            if (new FormData(form).get("number")) sawNext(Number(new FormData(form).get("number")) + 1);
            var target = new URL(response.url);
            var number = Number(new FormData(form).get("number") || form.action.split("/").pop());
            target.hash = new FormData(form).get("number") ? "liste-end" : "game-" + number;
            window.location.assign(target.href);
            return;
          }
          // refused (422) or a conflict (409): the server's page says why; sent again, the same answer
          form.dataset.native = "1";
          if (button) button.disabled = false;
          form.submit();
        }, function () {
          if (button) button.disabled = false;
          enqueue(form);
        });
      });
    }

    var send = el("offline-send");
    if (send) send.addEventListener("click", flush);
    window.addEventListener("online", flush);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") flush();
    });
    window.addEventListener("offline", showCount);
    keptNote();
    renumber();
    showCount();
    schedule();
    flush();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
