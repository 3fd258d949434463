// A row that scrolls sideways with its newest item last (Rummathon's fanned discard pile,
// `data-scroll-end`) opens scrolled to its end, so that the card just discarded is in
// sight on a phone; after each swap of the table too. The player scrolls back to see more.
(function () {
  "use strict";

  function toEnd(root) {
    if (!root.querySelectorAll) return;
    root.querySelectorAll("[data-scroll-end]").forEach(function (row) {
      row.scrollLeft = row.scrollWidth;
    });
  }

  document.addEventListener("htmx:load", function (event) { toEnd(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { toEnd(document); });
})();
