// Cards move when the table changes (a card drawn, taken, discarded, laid down, by me or
// anyone): htmx swaps the table inside a View Transition, and every card ([data-card]) has
// its own view-transition-name, so the browser slides each card from its old place to its
// new one; a card that comes from a hidden hand or the pile drops in (site.css). The names
// are set here: CSS cannot take them from an attribute, and the CSP allows no style
// attribute in the HTML. Browsers without View Transitions just swap; so does everyone
// who asks for reduced motion.
(function () {
  "use strict";

  if (!document.startViewTransition || !window.htmx || !window.matchMedia) return;

  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  function nameOf(card) {
    return "card-" + card.getAttribute("data-card").replace(/[^A-Za-z0-9_-]/g, "_");
  }

  // A name must be unique on the page, or the browser skips the whole transition: a card
  // shown twice is named once, and the copy SortableJS drags around is never named.
  function nameCards() {
    var table = document.getElementById("table");
    if (!table) return;
    var named = {};
    table.querySelectorAll("[data-card]").forEach(function (card) {
      var name = nameOf(card);
      var unique = !named[name] && !card.closest(".sortable-fallback");
      card.style.viewTransitionName = unique ? name : "";
      card.style.viewTransitionClass = unique ? "card" : "";
      if (unique) named[name] = true;
    });
  }

  htmx.config.globalViewTransitions = true;

  // Only swaps of the whole table move cards: the chat, Cap-It's meld check and the rest
  // swap at once (a transition holds the page's clicks while it runs).
  document.addEventListener("htmx:beforeTransition", function (event) {
    var target = event.detail.target;
    if (reducedMotion.matches || !target || target.id !== "table") {
      event.preventDefault();
      return;
    }
    nameCards();
  });
  document.addEventListener("htmx:afterSwap", nameCards);
  document.addEventListener("DOMContentLoaded", nameCards);
})();
