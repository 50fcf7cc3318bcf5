// The hall display (public/templates/public/hall.html): shows one page (section) of the content at a
// time and turns them every few seconds; htmx (static/vendor/htmx) asks the content again
// every 10 s (every second while the ceremony runs or may begin: public.hall.refresh_seconds)
// and replaces it when the tournament has changed. Space (or the button) pauses
// both, the arrows turn the pages by hand. The footer says when the display last heard from
// the server and, when it cannot reach it, that the connection is down.
(function () {
  "use strict";
  var SECONDS = 8;
  var footer = document.getElementById("hall-footer");
  var button = document.getElementById("hall-pause");
  var counter = document.getElementById("hall-page-number");
  var updated = document.getElementById("hall-updated");
  var connection = document.getElementById("hall-connection");
  if (!footer || !button) {
    return;
  }
  if (window.htmx) {
    // No inline style and no eval: the pages' Content-Security-Policy allows neither.
    htmx.config.includeIndicatorStyles = false;
    htmx.config.allowEval = false;
    htmx.config.timeout = 8000;
  }
  document.documentElement.classList.add("hall-paged");
  var index = 0;
  var paused = false;
  var mode = null;
  var lastHeard = new Date();
  var offline = false;
  var timer = null;

  function words(name, values) {
    var text = footer.dataset[name] || "";
    Object.keys(values).forEach(function (key) {
      text = text.replace("%(" + key + ")s", values[key]);
    });
    return text;
  }

  function clock(date) {
    function two(n) {
      return (n < 10 ? "0" : "") + n;
    }
    return date.getHours() + ":" + two(date.getMinutes()) + ":" + two(date.getSeconds());
  }

  function content() {
    return document.getElementById("hall");
  }

  function pages() {
    var found = content();
    return found ? found.querySelectorAll(".hall-page") : [];
  }

  function show(at) {
    var all = pages();
    if (!all.length) {
      counter.textContent = "";
      return;
    }
    index = ((at % all.length) + all.length) % all.length;
    for (var i = 0; i < all.length; i++) {
      all[i].hidden = i !== index;
    }
    counter.textContent =
      all.length > 1 ? words("page", { page: index + 1, pages: all.length }) : "";
  }

  function restart() {
    if (timer) {
      window.clearInterval(timer);
    }
    timer = window.setInterval(function () {
      if (!paused) {
        show(index + 1);
      }
    }, SECONDS * 1000);
  }

  function heard() {
    updated.textContent = words("updated", { time: clock(lastHeard) });
    if (offline) {
      connection.textContent = words("offline", { time: clock(lastHeard) });
    } else if (paused) {
      connection.textContent = footer.dataset.paused;
    } else {
      connection.textContent = "";
    }
  }

  function setPaused(on) {
    paused = on;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? footer.dataset.resume : footer.dataset.pause;
    heard();
    if (!on && window.htmx && content()) {
      htmx.trigger(content(), "hall-refresh");
    }
  }

  button.hidden = false;
  button.addEventListener("click", function () {
    setPaused(!paused);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var onButton = event.target && event.target.tagName === "BUTTON";
    if ((event.key === " " || event.key === "Spacebar" || event.key === "p") && !onButton) {
      event.preventDefault();
      setPaused(!paused);
    } else if (event.key === "ArrowRight" || event.key === "PageDown") {
      event.preventDefault();
      show(index + 1);
      restart();
    } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
      event.preventDefault();
      show(index - 1);
      restart();
    }
  });

  function fromHall(event) {
    var element = (event.detail && event.detail.elt) || event.target;
    return element && element.id === "hall";
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (fromHall(event) && paused) {
      event.preventDefault();
    }
  });

  function answered(event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 200 && status < 300) {
      lastHeard = new Date();
      offline = false;
    } else {
      offline = true;
    }
    heard();
  }

  // New content (200) replaces the element that asked, and its later events go nowhere: the
  // answer is noted before the swap. No change (204) and failures are noted after the request.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (fromHall(event)) {
      answered(event);
    }
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (fromHall(event) && document.body.contains(event.detail.elt)) {
      answered(event);
    }
  });

  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.body.addEventListener(name, function (event) {
      if (fromHall(event)) {
        offline = true;
        heard();
      }
    });
  });

  // New content: the same mode goes on from the same page, a new mode starts at its first.
  document.body.addEventListener("htmx:afterSettle", function () {
    var now = content();
    if (!now) {
      return;
    }
    var newMode = now.dataset.mode;
    show(newMode === mode ? index : 0);
    if (newMode !== mode) {
      restart();
    }
    mode = newMode;
  });

  mode = content() ? content().dataset.mode : null;
  show(0);
  restart();
  heard();
})();
