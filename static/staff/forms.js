// A refused form: the summary of what to correct takes the focus, so that a screen reader
// reads it first and Tab leads on to its links and the fields. Without a summary, the field
// the page puts the cursor in (autofocus: the first field with an error, the next to type)
// has its value selected, so that what is typed replaces the old value ("70", then 7, gives
// 7, not 770); so has a field reached from a summary's link.
(function () {
  "use strict";
  function typed(field) {
    return field && typeof field.select === "function" &&
      (field.tagName === "TEXTAREA" || /^(text|number|search|tel|email|url|password)$/.test(field.type));
  }
  function focusSelected(field) {
    field.focus();
    if (typed(field) && field.value) { field.select(); }
  }
  var summary = document.querySelector("[data-focus-on-load]");
  if (summary) {
    summary.focus();
  } else {
    var field = document.querySelector("[autofocus]");
    if (field) { focusSelected(field); }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest('.form-errors a[href^="#"], .form-warnings a[href^="#"]');
    if (!link) { return; }
    var target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
    if (!target || !target.matches("input, select, textarea")) { return; }
    event.preventDefault();
    var details = target.closest("details");
    if (details) { details.open = true; }
    focusSelected(target);
  });
})();
// A long list of ticks (presence, fees): Enter on a tick saves the whole form, as a button
// at its top does, so that four ticks are not followed by a Tab through every row.
(function () {
  "use strict";
  document.querySelectorAll("form[data-enter-saves]").forEach(function (form) {
    form.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.target.type === "checkbox") {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  });
})();
// A required list (a select or radio buttons) still empty is exposed by Chromium as
// "invalid" before anything was chosen; the server's refusal says what is wrong (and sets
// aria-invalid="true" itself), so an untouched required field is said to be valid.
(function () {
  "use strict";
  document.querySelectorAll("select[required], input[required]").forEach(function (field) {
    if (!field.hasAttribute("aria-invalid")) { field.setAttribute("aria-invalid", "false"); }
  });
})();
