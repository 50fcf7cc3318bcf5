// The table's page: what the scorekeeper types is kept as a draft in this browser's local
// storage (keyed by the table's link code and the round, never by the secret address) until the
// round is saved, so a reload or a lost connection loses nothing. The cursor goes to the
// problems, or to the message that the round was saved.
(function () {
  "use strict";
  var PREFIX = "syllabatim-table-draft:";
  var storage = null;
  try { storage = window.localStorage; storage.getItem("x"); } catch (e) { storage = null; }

  var status = document.getElementById("table-status");
  if (storage && status && status.dataset.savedDraft) {
    storage.removeItem(PREFIX + status.dataset.savedDraft);
  }

  // The focus goes to a heading, which a screen reader reads by its name as it lands (the
  // problems' heading with the problems as its description); the regions are named by them.
  var problems = document.getElementById("table-problems-heading");
  var saved = document.getElementById("table-saved");
  if (problems) {
    problems.focus();
  } else if (saved) {
    saved.focus();
  }

  // A clock the referee orders, changes or switches off after this page was opened: asked
  // every 20 s; the change is said in the status region with a button that loads the page
  // again (the draft below keeps what was typed).
  var watch = document.getElementById("clock-watch");
  if (watch && window.fetch) {
    var shown = watch.dataset.seconds || "";
    var announced = false;
    window.setInterval(function () {
      if (announced) { return; }
      fetch(watch.dataset.url, { credentials: "same-origin", cache: "no-store" })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (state) {
          if (!state) { return; }
          var now = state.seconds === null ? "" : String(state.seconds);
          if (now === shown) { return; }
          announced = true;
          var line = watch.querySelector("p");
          watch.querySelector(".clock-watch-text").textContent =
            now ? watch.dataset.textOn : watch.dataset.textOff;
          line.hidden = false;
        })
        .catch(function () { /* the network is back at the next ask */ });
    }, 20000);
    watch.querySelector(".clock-watch-reload").addEventListener("click", function () {
      window.location.reload();
    });
  }

  var form = document.getElementById("table-form");
  if (!form || !storage) { return; }
  var key = PREFIX + form.dataset.draft;
  var note = document.getElementById("table-draft");

  function fields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      // the championship's fields, and a club rule set's (words, longest word, action cards)
      return /^p\d+-(laid|unused|closed|words|longest_word|doubled_word|halved_word|card-[a-z0-9_]+)$/
        .test(el.name);
    });
  }
  function save() {
    var values = {};
    fields().forEach(function (el) {
      values[el.name] = el.type === "checkbox" ? el.checked : el.value;
    });
    try {
      storage.setItem(key, JSON.stringify({ version: form.dataset.version, values: values }));
    } catch (e) { /* storage full or refused: the server still has the form */ }
  }

  var draft = null;
  try { draft = JSON.parse(storage.getItem(key) || "null"); } catch (e) { draft = null; }
  if (form.dataset.fromServer) {
    // The server sent back what was typed (a refused save): that is the draft now.
    save();
  } else if (draft && draft.values && draft.version === form.dataset.version) {
    var restored = false;
    fields().forEach(function (el) {
      if (!(el.name in draft.values)) { return; }
      var value = draft.values[el.name];
      if (el.type === "checkbox") {
        if (el.checked !== value) { el.checked = !!value; restored = true; }
      } else if (el.value !== value) {
        el.value = value; restored = true;
      }
    });
    if (restored && note) {
      note.textContent = note.dataset.restored || form.dataset.restoredText || "";
    }
  } else if (draft) {
    storage.removeItem(key);  // the round changed meanwhile: its draft no longer applies
  }
  form.addEventListener("input", save);
  form.addEventListener("change", save);
})();
