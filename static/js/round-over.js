// A round's summary that opens the table (tables/_round_over.html) stays until the player
// moves on; Continue hides it sooner. The table is swapped on every move, so the choice is
// kept for the tab (sessionStorage, by game and round) and applied to each new table.
(function () {
  "use strict";

  var KEY = "round-over:";

  function remembered(panel) {
    try {
      return sessionStorage.getItem(KEY + panel.getAttribute("data-round-over")) === "1";
    } catch (e) {
      return false; // storage refused (a private window): Continue still hides it until the next swap
    }
  }

  function apply(root) {
    root.querySelectorAll("[data-round-over]").forEach(function (panel) {
      if (remembered(panel)) panel.hidden = true;
      panel.querySelectorAll("[data-round-over-close]").forEach(function (button) { button.hidden = false; });
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-round-over-close]");
    if (!button) return;
    var panel = button.closest("[data-round-over]");
    try {
      sessionStorage.setItem(KEY + panel.getAttribute("data-round-over"), "1");
    } catch (e) { /* see remembered() */ }
    panel.hidden = true;
    // The button is gone with its panel: the keyboard goes on from the table's title.
    var title = document.querySelector("#table h1");
    if (title) {
      title.setAttribute("tabindex", "-1");
      title.focus({ preventScroll: true });
    }
  });
  document.addEventListener("DOMContentLoaded", function () { apply(document); });
  document.addEventListener("htmx:afterSwap", function () { apply(document); });
})();
