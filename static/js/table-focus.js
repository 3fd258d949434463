// After a player's own action on the table (a move, extra time, "I'm back"), htmx replaces
// the table and the button that had the focus is gone, so keyboard and screen reader users
// would be left at the top of the page. Put the focus on the table's status line instead,
// which says what happens next. A poll's answer never moves the focus (the player may be
// typing in the chat, or reading elsewhere).
(function () {
  "use strict";

  var acted = false;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    acted = elt.id !== "table" && elt.closest("#table") !== null;
  });

  document.addEventListener("htmx:load", function (event) {
    var table = event.detail.elt;
    if (table.id !== "table" || !acted) return;
    acted = false;
    var focused = document.activeElement;
    if (focused && focused !== document.body && document.contains(focused)) return;
    var status = table.querySelector(".turn-banner") || table.querySelector("h1");
    if (!status) return;
    status.setAttribute("tabindex", "-1");
    status.focus({ preventScroll: true });
  });
})();
