// The ceremony's keys on the organiser's page: a presenter's clicker sends Page Down / Page Up
// (some the arrows); a laptop's keyboard has the arrows and space. Each key submits the page's
// own form, so the page works the same without this file (the buttons).
(function () {
  "use strict";
  var NEXT = ["ArrowRight", "PageDown", " ", "Spacebar"];
  var BACK = ["ArrowLeft", "PageUp"];

  var sent = false; // one move a page: a held key or a double click sends no second one

  function submit(id) {
    if (sent) {
      return;
    }
    var form = document.getElementById(id);
    var button = form && form.querySelector("button");
    if (button && !button.disabled) {
      sent = true;
      form.requestSubmit ? form.requestSubmit(button) : form.submit();
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    var tag = target && target.tagName;
    // A focused control keeps its own keys (space presses a button, arrows move in a field).
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) {
      return;
    }
    if ((tag === "BUTTON" || tag === "A") && (event.key === " " || event.key === "Spacebar")) {
      return;
    }
    if (NEXT.indexOf(event.key) !== -1) {
      event.preventDefault();
      submit("ceremony-next");
    } else if (BACK.indexOf(event.key) !== -1) {
      event.preventDefault();
      submit("ceremony-back");
    }
  });
})();
