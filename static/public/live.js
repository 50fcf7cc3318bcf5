// The standings' live refresh. htmx (static/vendor/htmx) asks the live fragment every 15 s and
// idiomorph (static/vendor/idiomorph, 0.8.0) morphs only what changed, so the nodes a reader
// is on stay where they are. This file keeps the reader's place where a node had to go (the
// focused element found again by its id or address, the scroll position kept relative to
// it), makes the one sentence of each refresh heard in the status region, and offers
// "Pause the updates" (remembered in localStorage for every standings page).
(function () {
  "use strict";
  var PAUSED = "syllabatim.live-paused";
  var standings = document.getElementById("standings");
  var button = document.getElementById("live-pause");
  var status = document.getElementById("live-status");
  if (!window.htmx || !standings || !standings.hasAttribute("hx-get")) {
    return;
  }
  // No inline style and no eval: the pages' Content-Security-Policy allows neither.
  htmx.config.includeIndicatorStyles = false;
  htmx.config.allowEval = false;

  function paused() {
    try {
      return window.localStorage.getItem(PAUSED) === "1";
    } catch (error) {
      return false;
    }
  }

  function remember(on) {
    try {
      if (on) {
        window.localStorage.setItem(PAUSED, "1");
      } else {
        window.localStorage.removeItem(PAUSED);
      }
    } catch (error) {
      // storage refused (private mode): the toggle still works on this page
    }
  }

  var pausedHere = paused();
  // What the page says of itself: "The standings update by themselves.", or that they are
  // paused (a reload while paused must not say they update).
  var note = document.getElementById("live-note");
  var noteUpdating = note ? note.textContent : "";

  function describe() {
    if (note) {
      note.textContent = pausedHere ? note.dataset.paused : noteUpdating;
    }
  }
  describe();
  // Resumed: the status says so together with the refresh's sentence, in one announcement,
  // once the refresh has answered (not overwritten by it a moment later).
  var resuming = false;

  function current() {
    return document.getElementById("standings");
  }

  if (button) {
    button.hidden = false;
    button.setAttribute("aria-pressed", pausedHere ? "true" : "false");
    button.addEventListener("click", function () {
      pausedHere = !pausedHere;
      remember(pausedHere);
      button.setAttribute("aria-pressed", pausedHere ? "true" : "false");
      describe();
      if (pausedHere) {
        resuming = false;
        if (status) {
          status.textContent = button.dataset.paused;
        }
      } else {
        resuming = true;
        htmx.trigger(current(), "live-refresh");
      }
    });
  }
  // Another tab paused or resumed: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key === PAUSED && button) {
      pausedHere = paused();
      button.setAttribute("aria-pressed", pausedHere ? "true" : "false");
      describe();
    }
  });

  // Resumed: the refresh's sentence comes with the resume in front of it, one announcement.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (resuming && target && target.id === "live-status" && event.detail.fragment) {
      resuming = false;
      var fragment = event.detail.fragment;
      fragment.insertBefore(document.createTextNode(button.dataset.resumed + " "), fragment.firstChild);
    }
  });

  // The refresh after a resume answered with nothing new (204) or failed: the status says
  // only that the updates are on again.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (isStandingsRequest(event) && resuming && event.detail.xhr.status !== 200) {
      resuming = false;
      if (status) {
        status.textContent = button.dataset.resumed;
      }
    }
  });

  function isStandingsRequest(event) {
    var element = (event.detail && event.detail.elt) || event.target;
    return element && element.id === "standings";
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (isStandingsRequest(event) && pausedHere) {
      event.preventDefault();
    }
  });

  // Always the address the latest fragment gave: the sort the reader chose and their copy.
  document.body.addEventListener("htmx:configRequest", function (event) {
    if (isStandingsRequest(event)) {
      event.detail.path = current().getAttribute("hx-get");
    }
  });

  // How to find an element again after a swap: its id, else the address of its link, else
  // the region it labels.
  function locator(element) {
    if (element.id) {
      return "#" + CSS.escape(element.id);
    }
    if (element.tagName === "A" && element.getAttribute("href")) {
      return 'a[href="' + CSS.escape(element.getAttribute("href")) + '"]';
    }
    if (element.getAttribute("aria-labelledby")) {
      return '[aria-labelledby="' + CSS.escape(element.getAttribute("aria-labelledby")) + '"]';
    }
    return null;
  }

  // The first row in view: the reader's place when nothing in the standings has focus.
  function rowInView(container) {
    var rows = container.querySelectorAll("tbody th a[id]");
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].getBoundingClientRect().bottom > 0) {
        return rows[i];
      }
    }
    return null;
  }

  var place = null;

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (!isStandingsRequest(event) || event.detail.xhr.status !== 200) {
      return;
    }
    var container = current();
    var focused = document.activeElement;
    var hasFocus = focused && focused !== document.body && container.contains(focused);
    var anchor = hasFocus ? focused : rowInView(container);
    place = {
      focused: hasFocus ? locator(focused) : null,
      anchor: anchor ? locator(anchor) : null,
      top: anchor ? anchor.getBoundingClientRect().top : 0,
      scrollY: window.scrollY,
      said: status ? status.textContent : "",
    };
    if (status) {
      status.textContent = ""; // the new sentence is a change even when it reads the same
    }
  });

  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (!place || !isStandingsRequest(event)) {
      return;
    }
    var container = current();
    if (place.focused) {
      var again = container.querySelector(place.focused);
      if (again && document.activeElement !== again) {
        again.focus({ preventScroll: true });
      }
    }
    if (resuming && status) {
      resuming = false; // the answer brought no sentence: the resume alone
      status.textContent = button.dataset.resumed;
    } else if (status && status.textContent.trim() && status.textContent === place.said) {
      // The same sentence as last time: emptied, then filled a moment later, so that screen
      // readers speak it as a change.
      var said = status.textContent;
      status.textContent = "";
      window.setTimeout(function () {
        status.textContent = said;
      }, 150);
    }
    var anchor = place.anchor ? container.querySelector(place.anchor) : null;
    if (anchor) {
      window.scrollBy(0, anchor.getBoundingClientRect().top - place.top);
    } else {
      window.scrollTo(window.scrollX, place.scrollY);
    }
    place = null;
  });
})();
