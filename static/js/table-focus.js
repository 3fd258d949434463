// Keyboard focus across a swap of the table. htmx replaces #table outright, so the control
// that had the focus is gone and the browser puts it on <body>: the next Tab would start
// at "Skip to content". When the focus was in the table and is nowhere now:
// - after news (another player's or a bot's move), it goes back to the same control in
//   the new table (same-control.js: by id, else by what the control is), else to the
//   table's status line, never scrolling the page: the player may be reading elsewhere;
// - after my own action (a move, a sort, extra time), to the same control if it is still
//   there (a sort button), else to the status line, which says what happens next. If that
//   action came from the keyboard, the status line is brought into view, so that the
//   focus is seen; a click or a tap leaves the page where it is.
// A focus that left the table (the chat, a click outside any control) is left alone.
(function () {
  "use strict";

  var last = null; // the control of the table that had the focus last
  var byKeyboard = false; // how the player last acted

  function table() {
    return document.getElementById("table");
  }

  document.addEventListener("focusin", function (event) {
    var current = table();
    last = current && current.contains(event.target) && event.target !== current ? event.target : null;
  });
  // A press elsewhere than on that control moves the focus away on purpose (onto another
  // control: focusin says which; onto nothing: it stays nowhere). Otherwise a focus lost
  // is htmx's doing: the control disabled during its request, or swapped out.
  document.addEventListener("pointerdown", function (event) {
    byKeyboard = false;
    if (last && !last.contains(event.target)) last = null;
  }, true);
  document.addEventListener("keydown", function () { byKeyboard = true; }, true);

  function statusLine(inTable) {
    var status = inTable.querySelector(".turn-banner") || inTable.querySelector("h1") || inTable;
    if (!status.hasAttribute("tabindex")) status.setAttribute("tabindex", "-1");
    return status;
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.target;
    if (swapped.id !== "table" || !last) return;
    var focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return; // htmx kept it (an id), or the player moved on
    var config = event.detail.requestConfig;
    var mine = !!config && config.verb !== "get";
    var control = window.sameControl(last, swapped);
    if (control) {
      control.focus({ preventScroll: true });
      // The status line takes the focus only with the tabindex statusLine gives it: a new
      // one, alike, has none yet.
      if (document.activeElement === control) return;
    }
    var status = statusLine(swapped);
    status.focus({ preventScroll: true });
    if (mine && byKeyboard && !inView(status)) status.scrollIntoView({ block: "nearest" });
  });
})();
