// A finished game's replay from the keyboard, and played on its own: ← and → step, Home
// and End go to the deal and the end, space plays and pauses at the chosen speed. Each
// step is the replay's own link (an htmx swap of #replay), so the page works the same
// without JavaScript; only the player is hidden then.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var playing = false;
  var delay = 1000;
  var timer = null;

  function replay() {
    return document.getElementById("replay");
  }

  // Follow the replay's link for `step`; false where there is none (the end, the deal).
  function follow(step) {
    var box = replay();
    var link = box && box.querySelector('a[data-replay-step="' + step + '"]');
    if (!link) return false;
    link.click();
    return true;
  }

  function schedule() {
    clearTimeout(timer);
    if (playing) timer = setTimeout(function () {
      if (!follow("next")) setPlaying(false);
    }, delay);
  }

  function setPlaying(on) {
    playing = on;
    show();
    schedule();
  }

  // The player of the replay now on the page (a step replaces it) says what is going on.
  function show() {
    var box = replay();
    if (!box) return;
    var player = box.querySelector("[data-replay-player]");
    if (!player) return;
    player.hidden = false;
    var button = player.querySelector("[data-replay-play]");
    button.textContent = playing ? "Pause ⏸" : "Play ▶";
    player.querySelector("[data-replay-speed]").value = String(delay);
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-replay-play]")) setPlaying(!playing);
  });

  document.addEventListener("change", function (event) {
    if (!event.target.matches("[data-replay-speed]")) return;
    delay = parseInt(event.target.value, 10) || 1000;
    schedule();
  });

  document.addEventListener("keydown", function (event) {
    if (!replay() || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target.closest("input, select, textarea")) return;
    if (event.key === " ") {
      if (target.closest("a, button")) return; // the focused control takes its own space
      event.preventDefault();
      setPlaying(!playing);
    } else if (KEYS[event.key] && follow(KEYS[event.key])) {
      event.preventDefault();
      if (playing && event.key !== "ArrowRight") setPlaying(false);
    }
  });

  // A step swaps the whole replay, and with it the control that had the focus: the focus
  // goes to the same control in the new one (found by its step, its data attribute, its
  // name, else its label), or, where that is now greyed out (Next at the end), to the
  // line that says which move this is.
  var refocus = null;

  function sameIn(box, wanted) {
    if (wanted.selector) return box.querySelector(wanted.selector);
    return Array.prototype.find.call(box.querySelectorAll(wanted.tag), function (el) {
      return el.textContent.trim() === wanted.text;
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var box = replay();
    var focused = document.activeElement;
    refocus = null;
    if (!box || event.detail.target !== box || !focused || focused === document.body || !box.contains(focused)) return;
    var attribute = ["data-replay-step", "data-replay-play", "data-replay-speed", "name"].find(function (name) {
      return focused.hasAttribute(name);
    });
    refocus = attribute
      ? { selector: "[" + attribute + '="' + CSS.escape(focused.getAttribute(attribute)) + '"]' }
      : { tag: focused.tagName.toLowerCase(), text: focused.textContent.trim() };
  });

  function giveFocusBack(box) {
    if (!refocus) return;
    var again = sameIn(box, refocus);
    refocus = null;
    if (!again || !again.matches("a[href], button, input, select")) { // a greyed-out step is a span
      again = box.querySelector(".replay__where");
      again.setAttribute("tabindex", "-1");
    }
    again.focus({ preventScroll: true });
  }

  // A step has replaced the replay: show the new player, give the focus back, and go on if playing.
  document.addEventListener("htmx:afterSettle", function () {
    var box = replay();
    if (!box) return;
    show();
    giveFocusBack(box);
    schedule();
  });

  document.addEventListener("DOMContentLoaded", show);
})();
