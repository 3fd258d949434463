// Table news for screen readers. htmx replaces #table outright, and a live region that
// arrives already filled (the turn banner in the new table) is often not read (so the
// banner is none: it is read when the focus comes to it, table-focus.js). One region
// that lasts (tables/game.html, outside the table) says, after each new table, what the
// table's [data-announce] parts say that the table before did not: whose turn it is now,
// a question put to me. The first table of the page is read as the page is; only news is
// said.
(function () {
  "use strict";

  var said = null; // what the table on the page says, as last announced

  // A part's words as a screen reader has them: without what it hides (a flag's emoji).
  function spoken(part) {
    var copy = part.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("[aria-hidden=true]"), function (hidden) { hidden.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function sayings(table) {
    return Array.prototype.map.call(table.querySelectorAll("[data-announce]"), spoken).filter(Boolean);
  }

  function announce() {
    var table = document.getElementById("table");
    var region = document.querySelector("[data-table-news]");
    if (!table || !region) return;
    var now = sayings(table);
    if (said !== null) {
      var fresh = now.filter(function (text) { return said.indexOf(text) < 0; });
      if (fresh.length) region.textContent = fresh.join(" ");
    }
    said = now;
  }

  document.addEventListener("DOMContentLoaded", announce);
  document.addEventListener("htmx:afterSettle", announce);
})();
