// A refused form: the summary of what to correct takes the focus, so that a screen reader
// reads it first and Tab leads on to its links and the fields.
(function () {
  "use strict";
  var summary = document.querySelector("[data-focus-on-load]");
  if (summary) { summary.focus(); }
})();
