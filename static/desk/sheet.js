// The referee's sheet: each row shows its round score as typed (the server stays authoritative:
// the same formula as rules/score.py), and Enter saves from any field, checkboxes included.
(function () {
  "use strict";
  var form = document.getElementById("sheet-form");
  if (!form) { return; }
  var bonus = parseInt(form.dataset.closeBonus, 10) || 0;
  function whole(input) {
    var text = input ? input.value.trim() : "";
    return /^\d+$/.test(text) ? parseInt(text, 10) : (text === "" ? 0 : NaN);
  }
  function part(row, name) { return row.querySelector('[data-part="' + name + '"]'); }
  function update(row) {
    var output = row.querySelector(".row-score");
    var laid = whole(part(row, "laid")), unused = whole(part(row, "unused"));
    var penalty = whole(part(row, "penalty"));
    if (part(row, "laid").value.trim() === "" || isNaN(laid) || isNaN(unused) || isNaN(penalty)) {
      output.textContent = "";
      return;
    }
    if (part(row, "disqualified").checked) { output.textContent = "0"; return; }
    var score = laid - unused + (part(row, "closed").checked ? bonus : 0) - penalty;
    output.textContent = String(Math.max(0, score));
  }
  // The round score is said once a row is done: when the focus leaves the row after one of
  // its values changed (not at each field, which would say an interim score first).
  var status = document.getElementById("sheet-status");
  function announce(row) {
    var output = row.querySelector(".row-score");
    if (!status || output.textContent === "") { return; }
    status.textContent = form.dataset.scoreWords.replace("{player}", output.dataset.player)
      .replace("{score}", output.textContent);
  }
  form.querySelectorAll(".sheet-line").forEach(function (row) {
    var changed = false;
    row.addEventListener("input", function () { update(row); changed = true; });
    row.addEventListener("change", function () { update(row); changed = true; });
    row.addEventListener("focusout", function (event) {
      if (!changed || (event.relatedTarget && row.contains(event.relatedTarget))) { return; }
      changed = false;
      announce(row);
    });
    update(row);
  });
  // Disqualification and penalty are rare: one button opens them for every player, instead
  // of a "more" control in every row's Tab order.
  var toggle = document.getElementById("more-toggle");
  var extras = Array.prototype.slice.call(form.querySelectorAll(".sheet-line details"));
  if (toggle && extras.length) {
    var allOpen = function () { return extras.every(function (d) { return d.open; }); };
    extras.forEach(function (d) { d.querySelector("summary").tabIndex = -1; });
    toggle.hidden = false;
    toggle.setAttribute("aria-expanded", String(allOpen()));
    toggle.addEventListener("click", function () {
      var open = !allOpen();
      extras.forEach(function (d) { d.open = open; });
      toggle.setAttribute("aria-expanded", String(open));
    });
    extras.forEach(function (d) {
      d.addEventListener("toggle", function () {
        toggle.setAttribute("aria-expanded", String(allOpen()));
      });
    });
  }
  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.type === "checkbox") {
      event.preventDefault();
      form.requestSubmit(form.querySelector('button[value="next"]'));
    }
  });
})();
