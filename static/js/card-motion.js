// Cards move when the table changes (a card drawn, taken, discarded, laid down, by me or
// anyone): htmx swaps the table inside a View Transition, and every card ([data-card]) has
// its own view-transition-name, so the browser slides each card from its old place to its
// new one. The card I just drew (`.hand-card--new`, not on the table before) flies from the
// draw pile (`[data-draw-pile]`); a card that comes from a hidden hand drops in (site.css).
// The names are set here: CSS cannot take them from an attribute, and the CSP allows no
// style attribute in the HTML. Browsers without View Transitions just swap; so does
// everyone who asks for reduced motion.
(function () {
  "use strict";

  if (!window.htmx) return;
  // When htmx swaps in an element with the id of one it replaces, it first gives the new
  // one the old one's settle attributes (`style` among them by default), then its own.
  // Writing a style attribute is what the CSP (style-src 'self') refuses, and every style
  // on the page is set from script: the names below, SortableJS's while a card is dragged.
  htmx.config.attributesToSettle = ["class", "width", "height"];

  if (!document.startViewTransition || !window.matchMedia) return;

  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var DRAW_PILE = "draw-pile";
  var namesBefore = null; // the card names of the table a transition starts from

  function nameOf(card) {
    return "card-" + card.getAttribute("data-card").replace(/[^A-Za-z0-9_-]/g, "_");
  }

  function name(element, transitionName) {
    element.style.viewTransitionName = transitionName;
    element.style.viewTransitionClass = transitionName ? "card" : "";
    // A name taken away would leave style="" behind: markup the CSP refuses (the hash of
    // an empty string) wherever it is copied back into the page.
    if (!element.style.length) element.removeAttribute("style");
  }

  // A name must be unique on the page, or the browser skips the whole transition: a card
  // shown twice is named once, and the copy SortableJS drags around is never named.
  function nameCards() {
    var table = document.getElementById("table");
    if (!table) return {};
    var named = {};
    table.querySelectorAll("[data-card]").forEach(function (card) {
      var cardName = nameOf(card);
      var unique = !named[cardName] && !card.closest(".sortable-fallback");
      name(card, unique ? cardName : "");
      if (unique) named[cardName] = card;
    });
    var pile = table.querySelector("[data-draw-pile]");
    if (pile) name(pile, DRAW_PILE);
    return named;
  }

  // The new table: a card I just drew that was nowhere before takes the draw pile's name,
  // so that it moves from the pile into my hand (the pile under it stays where it is).
  function nameNewTable() {
    var named = nameCards();
    var before = namesBefore;
    namesBefore = null;
    if (!before) return;
    var drawn = Object.keys(named).filter(function (cardName) {
      return !before[cardName] && named[cardName].closest(".hand-card--new");
    })[0];
    var pile = document.querySelector("#table [data-draw-pile]");
    if (!drawn || !pile) return;
    name(pile, "");
    name(named[drawn], DRAW_PILE);
  }

  htmx.config.globalViewTransitions = true;

  // htmx starts each transition and drops it. A transition the browser skips before it
  // began (a newer table came within the frame, or the tab is hidden) rejects its `ready`
  // promise, and with nobody listening that is an uncaught error on the page. The table
  // is swapped all the same (the browser still runs the update): only the slide is lost.
  var startViewTransition = document.startViewTransition;
  document.startViewTransition = function () {
    var transition = startViewTransition.apply(document, arguments);
    if (transition && transition.ready) transition.ready.catch(function () {});
    return transition;
  };

  // Only swaps of the whole table move cards: the chat, Cap-It's meld check and the rest
  // swap at once (a transition holds the page's clicks while it runs).
  document.addEventListener("htmx:beforeTransition", function (event) {
    var target = event.detail.target;
    if (reducedMotion.matches || !target || target.id !== "table") {
      event.preventDefault();
      return;
    }
    namesBefore = nameCards();
  });
  // htmx says so for each element it swapped in (the out-of-band ones too): the table's own.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.id === "table") nameNewTable();
  });
  document.addEventListener("DOMContentLoaded", nameCards);
})();
