// A submit button with `data-confirm` ("Discard Malta (Valletta)?") sends its form only at
// the second press. The first arms it: the button is marked and the question shows at the
// top of the page, read out by a screen reader. A press elsewhere, Escape or a few seconds
// put it away. In the page rather than window.confirm(): no modal stops the table's poll,
// and a phone keeps its place. Listening at the document, before htmx or the browser
// sends the form, so an unarmed press stops both.
// Whether it asks is the player's choice (data-confirm-discards on the table, decision
// 0044): "always"; "never"; "touch" (the default), only when the press came from a touch
// screen, where a card is easily tapped by mistake. A page without it asks always.
(function () {
  "use strict";

  var ARMED_FOR_MS = 6000;
  var armed = null; // {question, name, value}: what was armed, found again after a swap
  var timer = null;
  var lastPointer = null; // the pointerType of the last press; null after a key

  function asks() {
    var holder = document.querySelector("[data-confirm-discards]");
    var choice = holder ? holder.getAttribute("data-confirm-discards") : "always";
    if (choice === "never") return false;
    if (choice === "touch") return lastPointer === "touch";
    return true;
  }

  function prompt() { return document.getElementById("confirm-prompt"); }

  function sameAs(button) {
    return armed && button.getAttribute("data-confirm") === armed.question &&
      button.name === armed.name && button.value === armed.value;
  }

  function mark() {
    document.querySelectorAll("[data-confirm]").forEach(function (button) {
      button.classList.toggle("is-armed", Boolean(sameAs(button)));
    });
    var shown = prompt();
    if (!shown) return;
    // Only the text changes: a live region that is itself shown and hidden is not always read.
    shown.textContent = armed ? armed.question + " Press it again to confirm." : "";
  }

  function disarm() {
    if (!armed) return;
    armed = null;
    clearTimeout(timer);
    mark();
  }

  function arm(button) {
    armed = {question: button.getAttribute("data-confirm"), name: button.name, value: button.value};
    clearTimeout(timer);
    timer = setTimeout(disarm, ARMED_FOR_MS);
    mark();
  }

  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (!button || !button.hasAttribute("data-confirm")) return;
    if (sameAs(button)) { disarm(); return; } // the second press: the form goes
    if (!asks()) { disarm(); return; } // no question asked: the first press goes
    event.preventDefault();
    event.stopImmediatePropagation();
    arm(button);
  }, true);

  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
    var on = event.target.closest && event.target.closest("[data-confirm]");
    if (armed && !(on && sameAs(on))) disarm();
  }, true);
  document.addEventListener("keydown", function (event) {
    lastPointer = null; // Enter or Space on a card: a keyboard, no mis-tap to guard against
    if (event.key === "Escape") disarm();
  });
  // A poll's swap draws the hand again: the same card stays armed, a card gone is not.
  document.addEventListener("htmx:afterSettle", function () {
    if (armed && !Array.prototype.some.call(document.querySelectorAll("[data-confirm]"), sameAs)) disarm();
    else mark();
  });
})();
