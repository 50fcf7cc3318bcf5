// The outcome of an action ("Stůl 1, kolo 5 uloženo", "Zobrazeni 2 hráči") arrives with the
// page that follows it, in a status region; a live region speaks only what changes in it, so
// an outcome present at load is never heard. Once the page has loaded, each such region
// ([data-announce]) is emptied and filled again, which screen readers announce, unless the
// focus has been moved onto it (then it is read as the focus lands).
(function () {
  "use strict";
  function announce() {
    document.querySelectorAll("[data-announce]").forEach(function (region) {
      if (region.contains(document.activeElement) || !region.textContent.trim()) { return; }
      var content = Array.prototype.slice.call(region.childNodes);
      region.replaceChildren();
      window.setTimeout(function () { region.replaceChildren.apply(region, content); }, 150);
    });
  }
  if (document.readyState === "complete") {
    window.setTimeout(announce, 0);
  } else {
    window.addEventListener("load", function () { window.setTimeout(announce, 0); });
  }
})();
