// The ceremony's keys on the organiser's page: a presenter's clicker sends Page Down / Page Up
// (some the arrows); a laptop's keyboard has the arrows and space. Each key, and each of the
// page's buttons, sends the page's own form in the background: the state block is replaced in
// place (the focus stays where it was) and a status region says what is on screen and which
// place comes next. Without this file the forms work the same, a page at a time.
(function () {
  "use strict";
  var NEXT = ["ArrowRight", "PageDown", " ", "Spacebar"];
  var BACK = ["ArrowLeft", "PageUp"];
  var block = document.getElementById("ceremony-state");
  var said = document.getElementById("ceremony-said");

  var sending = false; // one move at a time: a held key or a double click sends no second one

  function say(text) {
    if (!said) { return; }
    said.textContent = "";
    window.setTimeout(function () { said.textContent = text; }, 50);
  }

  function send(form) {
    var button = form && form.querySelector("button");
    if (sending || !button || button.disabled) {
      return;
    }
    if (!block || !window.fetch) {
      form.requestSubmit ? form.requestSubmit(button) : form.submit();
      return;
    }
    sending = true;
    var focused = document.activeElement && document.activeElement.id;
    // (form.action is the form's input named "action": the address is the attribute's)
    fetch(form.getAttribute("action") || window.location.href, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Ceremony-Move": "1" },
      credentials: "same-origin",
    }).then(function (response) {
      return response.json();
    }).then(function (answer) {
      block.innerHTML = answer.html;
      var again = focused && document.getElementById(focused);
      if (again && block.contains(again)) {
        // a button that can no longer be pressed hands the focus to one that can
        var usable = [again, document.getElementById("ceremony-next-button"),
          document.getElementById("ceremony-back-button")].filter(function (b) {
          return b && !b.disabled;
        })[0];
        if (!usable) {
          usable = document.getElementById("next-heading");
          usable.tabIndex = -1;
        }
        usable.focus();
      }
      say(answer.said);
    }).catch(function () {
      form.submit(); // the page at a time, as without this file
    }).then(function () {
      sending = false;
    });
  }

  if (block) {
    block.addEventListener("submit", function (event) {
      event.preventDefault();
      send(event.target);
    });
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
      send(document.getElementById("ceremony-next"));
    } else if (BACK.indexOf(event.key) !== -1) {
      event.preventDefault();
      send(document.getElementById("ceremony-back"));
    }
  });
})();
