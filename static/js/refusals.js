// A refused move says why next to the control pressed. The server's answer is the table
// again with the reason under its title ([data-refusal], tables/_table_top.html), which
// may be a screen away from the button: this script takes the reason out of the new table
// (so nothing above the button moves) and shows it in #refusal (tables/game.html), a
// role="alert" that stays in the page (only its text changes, so that it is read), floating
// under the control, or over it where the screen ends. The control is the same one in the
// new table (same-control.js), followed as the page scrolls; gone (a stale table: the move
// is no longer there to make), the reason shows where it was on the screen, where the
// player is looking. A click or a tap anywhere, or Escape, puts it away. Without
// JavaScript the page comes back whole, from its top, where the reason stays under the title.
(function () {
  "use strict";

  var GAP = 8; // px between the control and the reason, and from the screen's edges
  var pressed = null; // {control, box}: the control of the table pressed last, and its box on the screen then
  var anchor = null; // {control, box}: what the reason is shown by: the control, else the box it had

  function region() {
    return document.getElementById("refusal");
  }

  function clamp(value, least, most) {
    return Math.max(least, Math.min(value, most));
  }

  // Listening at the document, before htmx sends the form; confirm.js stops a first press
  // before it gets here, so only the press that sends is kept.
  document.addEventListener("submit", function (event) {
    var table = document.getElementById("table");
    var control = event.submitter || event.target;
    pressed = table && table.contains(control) ? { control: control, box: control.getBoundingClientRect() } : null;
  }, true);

  // The anchor's box on the screen now.
  function seen(at) {
    if (at.control && at.control.isConnected) at.box = at.control.getBoundingClientRect();
    return at.box;
  }

  function place() {
    var shown = region();
    if (!shown || !shown.textContent) return;
    var width = shown.offsetWidth;
    var height = shown.offsetHeight;
    var screenWidth = document.documentElement.clientWidth;
    var screenHeight = window.innerHeight;
    var at = anchor && seen(anchor);
    var top = GAP;
    var left = (screenWidth - width) / 2; // no control known: at the top of the screen
    if (at) {
      var below = at.bottom + GAP;
      top = below + height <= screenHeight - GAP ? below : at.top - GAP - height;
      left = at.left;
    }
    top = clamp(top, GAP, screenHeight - height - GAP);
    left = clamp(left, GAP, screenWidth - width - GAP);
    shown.style.setProperty("top", top + "px");
    shown.style.setProperty("left", left + "px");
    shown.classList.toggle("refusal--pointing", !!at);
    shown.classList.toggle("refusal--above", !!at && top < at.top);
    var middle = at ? at.left + at.width / 2 - left : 0;
    shown.style.setProperty("--refusal-arrow", clamp(middle, 14, width - 14) + "px");
  }

  function show(text, inTable) {
    var shown = region();
    if (!shown) return;
    anchor = pressed && { control: window.sameControl(pressed.control, inTable) || null, box: pressed.box };
    pressed = null;
    shown.textContent = text;
    var at = anchor && seen(anchor);
    if (at && anchor.control && (at.top < 0 || at.bottom > window.innerHeight)) {
      anchor.control.scrollIntoView({ block: "nearest" }); // the new table put it out of sight
    }
    place();
  }

  function putAway() {
    anchor = null;
    var shown = region();
    if (shown && shown.textContent) shown.textContent = "";
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.target;
    if (swapped.id !== "table") return;
    var reason = swapped.querySelector("[data-refusal]");
    var config = event.detail.requestConfig;
    if (reason) {
      reason.remove();
      show(reason.textContent.trim(), swapped);
    } else if (config && config.verb !== "get") {
      pressed = null; // the answer to that press: played
    } else if (anchor && anchor.control) {
      // News: the reason stays, by the same control if the new table has it, else where it was.
      anchor.control = window.sameControl(anchor.control, swapped) || null;
      place();
    }
  });

  document.addEventListener("click", putAway, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") putAway();
  });
  window.addEventListener("scroll", place, { passive: true });
  window.addEventListener("resize", place);
})();
