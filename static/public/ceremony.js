// The ceremony's live refresh. htmx (static/vendor/htmx) asks for the ceremony's block every
// 3 s and idiomorph (static/vendor/idiomorph) morphs only what changed: the places revealed
// before stay the same nodes, so a reader in browse mode keeps their place in the list while
// a new place is added (issue 34, 5). Each request asks with the copy the latest block gave.
(function () {
  "use strict";
  if (!window.htmx || !document.getElementById("ceremony")) {
    return;
  }
  htmx.config.includeIndicatorStyles = false;
  htmx.config.allowEval = false;
  document.body.addEventListener("htmx:configRequest", function (event) {
    var element = (event.detail && event.detail.elt) || event.target;
    if (element && element.id === "ceremony") {
      event.detail.path = document.getElementById("ceremony").getAttribute("hx-get");
    }
  });
})();
