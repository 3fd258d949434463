// The first-game tour (tables/_tour.html, decision 0045). The offer shows once the cards
// are dealt; "Start the tour" walks the game's steps (its plugin's words, fetched): a
// bubble (role="dialog", focused at each step) and a ring round the step's target, the
// first of its selectors the table shows, scrolled into view with the bubble beside it;
// none shown (no action bar while another plays), the bubble stands in the middle. The
// table is swapped on every move and poll, so the target is found again at each step,
// swap, scroll and resize. Skipping (the offer's Skip, the bubble's, or Escape) or
// finishing posts the offer's form once: the tour is not offered again.
(function () {
  "use strict";

  var EDGE = 8; // px kept free at the screen's edges
  var GAP = 12; // px between the target and the bubble
  var RING = 6; // px of the ring round the target
  var steps = null;
  var at = -1; // the step shown; -1: no tour under way
  var answered = false; // the offer was taken or skipped on this page
  var queued = false;
  var loaded = Promise.resolve(null); // the steps, once fetched

  function part(name) {
    return document.querySelector("[data-tour" + (name ? "-" + name : "") + "]");
  }

  function clamp(value, least, most) {
    return Math.max(least, Math.min(value, most));
  }

  function shown(element) {
    var box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  // The step's target in the table now: the first selector with an element shown.
  function target(step) {
    var table = document.getElementById("table");
    if (!table) return null;
    for (var i = 0; i < step.targets.length; i++) {
      var found = Array.prototype.filter.call(table.querySelectorAll(step.targets[i]), shown);
      if (found.length) return found[0];
    }
    return null;
  }

  // The offer stands while the game is on and nobody answered it.
  function offer() {
    var card = part("offer");
    var table = document.getElementById("table");
    if (!card) return;
    card.hidden = answered || !table || !table.classList.contains("table--active");
  }

  function done() {
    var form = part("done");
    if (!form || !window.htmx) return;
    window.htmx.ajax("POST", form.getAttribute("action"), { source: form, swap: "none" });
  }

  // Scrolls the target so that it and the bubble fit the screen together: the target
  // above, the bubble under it, the pair centred; a target too tall starts at the top.
  function scrollTo(element, bubbleHeight) {
    var box = element.getBoundingClientRect();
    var screen = window.innerHeight;
    var together = box.height + 2 * RING + GAP + bubbleHeight;
    var top = together <= screen - 2 * EDGE ? (screen - together) / 2 + RING : EDGE + RING;
    window.scrollTo({ top: window.scrollY + box.top - top, behavior: "instant" });
  }

  // The bubble under the target, else over it, else at the foot of the screen (over a
  // target taller than the screen); the ring round the part of the target in view.
  function place(scroll) {
    var bubble = part();
    var spot = part("spot");
    if (at < 0 || !bubble) return;
    var element = target(steps[at]);
    var width = bubble.offsetWidth;
    var height = bubble.offsetHeight;
    var screenWidth = document.documentElement.clientWidth;
    var screen = window.innerHeight;
    var top = (screen - height) / 2;
    var left = (screenWidth - width) / 2;
    spot.hidden = !element;
    if (element) {
      if (scroll) scrollTo(element, height);
      var box = element.getBoundingClientRect();
      if (box.bottom + RING + GAP + height <= screen - EDGE) top = box.bottom + RING + GAP;
      else if (box.top - RING - GAP - height >= EDGE) top = box.top - RING - GAP - height;
      else top = screen - EDGE - height;
      left = box.left;
      var ringTop = Math.max(box.top - RING, 0);
      var ringLeft = Math.max(box.left - RING, 0);
      spot.style.setProperty("top", ringTop + "px");
      spot.style.setProperty("left", ringLeft + "px");
      spot.style.setProperty("width", Math.min(box.right + RING, screenWidth) - ringLeft + "px");
      spot.style.setProperty("height", Math.max(Math.min(box.bottom + RING, screen) - ringTop, 0) + "px");
    }
    bubble.style.setProperty("top", clamp(top, EDGE, screen - height - EDGE) + "px");
    bubble.style.setProperty("left", clamp(left, EDGE, screenWidth - width - EDGE) + "px");
  }

  function show(index) {
    var bubble = part();
    var step = steps[index];
    at = index;
    part("count").textContent = "Step " + (index + 1) + " of " + steps.length;
    bubble.querySelector(".tour__title").textContent = step.title;
    bubble.querySelector(".tour__text").textContent = step.text;
    part("back").hidden = index === 0;
    part("next").textContent = index === steps.length - 1 ? "Done" : "Next";
    bubble.hidden = false;
    place(true);
    bubble.focus({ preventScroll: true });
  }

  function end() {
    if (at < 0) return;
    at = -1;
    part().hidden = true;
    part("spot").hidden = true;
    done();
    var title = document.querySelector("#table .table__title");
    if (title) {
      title.setAttribute("tabindex", "-1");
      title.focus({ preventScroll: true });
    }
  }

  // The steps come from their own URL (tables.tours.tour_steps), asked for as the page
  // opens; a press before they arrive starts the tour when they do.
  function start() {
    loaded.then(function (given) {
      if (!given || at >= 0) return;
      steps = given;
      answered = true;
      offer();
      show(0);
    });
  }

  // Once a frame at most, however fast the page scrolls.
  function follow() {
    if (queued || at < 0) return;
    queued = true;
    window.requestAnimationFrame(function () {
      queued = false;
      place(false);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var card = part("offer");
    if (!card) return;
    loaded = fetch(card.getAttribute("data-tour-steps"), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { return answer && answer.steps.length ? answer.steps : null; })
      .catch(function () { return null; });
    loaded.then(function (given) { part("start").hidden = !given; });
    offer();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-tour-start], [data-tour-next], [data-tour-back], [data-tour-skip]");
    if (!button) return;
    if (button.hasAttribute("data-tour-start")) start();
    else if (button.hasAttribute("data-tour-back")) show(Math.max(at - 1, 0));
    else if (button.hasAttribute("data-tour-skip") || at === steps.length - 1) end();
    else show(at + 1);
  });

  // The offer's Skip: posted in the background, the page stays.
  document.addEventListener("submit", function (event) {
    if (event.target !== part("done") || !window.htmx) return;
    event.preventDefault();
    answered = true;
    offer();
    done();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && at >= 0) end();
  });

  // A new table may point the step elsewhere (the action bar in place of the turn banner
  // when the player's turn comes): scrolled to it if it is out of sight.
  function refind() {
    if (at < 0) return;
    var element = target(steps[at]);
    var box = element && element.getBoundingClientRect();
    place(!!box && (box.bottom < EDGE || box.top > window.innerHeight - EDGE));
  }

  // Once the new table has settled: its swap may run a frame late, in a View Transition
  // (card-motion.js), and htmx tells of it on the old table.
  document.addEventListener("htmx:afterSettle", function () {
    window.requestAnimationFrame(function () {
      offer();
      refind();
    });
  });
  window.addEventListener("scroll", follow, { passive: true });
  window.addEventListener("resize", follow);
})();
