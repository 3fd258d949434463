// A row that scrolls sideways (`data-scroll-hint`: a score table, Rummathon's discard pile)
// marks the sides where more is hidden, `data-more-left` / `data-more-right`, which the
// stylesheet shows as a faded edge: on a phone nothing else says the row goes on.
(function () {
  "use strict";

  function mark(row) {
    var left = row.scrollLeft > 1;
    var right = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    row.toggleAttribute("data-more-left", left);
    row.toggleAttribute("data-more-right", right);
  }

  function markAll(root) {
    if (!root.querySelectorAll) return;
    root.querySelectorAll("[data-scroll-hint]").forEach(mark);
  }

  // Scroll events do not bubble: listen in the capture phase, once, for every row.
  document.addEventListener("scroll", function (event) {
    var row = event.target;
    if (row.hasAttribute && row.hasAttribute("data-scroll-hint")) mark(row);
  }, true);
  document.addEventListener("htmx:load", function (event) { markAll(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { markAll(document); });
  window.addEventListener("resize", function () { markAll(document); });
})();
