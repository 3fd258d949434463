// Arranging my hand: drag a card (mouse or touch, with SortableJS) or move the focused
// card with Alt + arrow keys, then tell the server the new order, which keeps it on my
// seat (so a reload, another device or the next poll shows the same). The page already
// shows the order, so the answer is empty; if the server refuses (the hand changed under
// the drag), the table is fetched again. Markup: tables/_hand_arrange.html and each game's
// hand, `[data-hand-arrange=<url>]` around one or more `[data-hand-list]` of
// `[data-hand-card=<id>]` items.
(function () {
  "use strict";

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (e) {
      return "";
    }
  }

  function cardsOf(hand) {
    return Array.prototype.map.call(hand.querySelectorAll("[data-hand-card]"), function (item) {
      return item.getAttribute("data-hand-card");
    });
  }

  function save(hand) {
    var body = new URLSearchParams();
    cardsOf(hand).forEach(function (card) { body.append("card", card); });
    fetch(hand.getAttribute("data-hand-arrange"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
      body: body,
    }).then(function (response) {
      if (!response.ok && window.htmx) {
        var table = document.getElementById("table");
        htmx.ajax("GET", window.location.pathname, { target: table, swap: "outerHTML" });
      }
    });
  }

  // The hand is now in my order, as the server will show it: a game that groups the hand
  // (Capitalla's letters) drops the labels a moved card made stale (its CSS reads this).
  function rearranged(hand) {
    hand.setAttribute("data-arranged", "");
    save(hand);
  }

  function announce(hand, item) {
    var live = document.querySelector("[data-hand-announce]");
    if (!live) return;
    var items = hand.querySelectorAll("[data-hand-card]");
    var at = Array.prototype.indexOf.call(items, item) + 1;
    live.textContent = (item.getAttribute("aria-label") || "Card") + ": " + at + " of " + items.length;
  }

  // Alt + arrow: the focused card swaps with its neighbour, across the hand's lists.
  function onKey(event) {
    var step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!event.altKey || !step) return;
    var item = event.target.closest("[data-hand-card]");
    var hand = item && item.closest("[data-hand-arrange]");
    if (!hand) return;
    var items = Array.prototype.slice.call(hand.querySelectorAll("[data-hand-card]"));
    var neighbour = items[items.indexOf(item) + step];
    if (!neighbour) return;
    event.preventDefault();
    var focused = document.activeElement;
    neighbour.parentNode.insertBefore(item, step < 0 ? neighbour : neighbour.nextSibling);
    focused.focus();
    announce(hand, item);
    rearranged(hand);
  }

  function setUp(root) {
    if (!window.Sortable) return;
    // The hint says how to drag and move cards, which only this script does: shown by it,
    // and only then does the hand point a screen reader at it.
    var hints = root.querySelectorAll ? root.querySelectorAll(".hand-arrange__hint[hidden]") : [];
    Array.prototype.forEach.call(hints, function (hint) { hint.hidden = false; });
    var hands = root.querySelectorAll ? root.querySelectorAll("[data-hand-arrange]") : [];
    Array.prototype.forEach.call(hands, function (hand) {
      if (document.getElementById("hand-arrange-hint")) hand.setAttribute("aria-describedby", "hand-arrange-hint");
      Array.prototype.forEach.call(hand.querySelectorAll("[data-hand-list]"), function (list) {
        if (Sortable.get(list)) return;
        Sortable.create(list, {
          group: "hand",
          draggable: "[data-hand-card]",
          // Mouse events rather than the browser's drag and drop: the same on touch and
          // mouse; a small move is still a click, a touch held briefly starts the drag.
          forceFallback: true,
          fallbackTolerance: 5,
          delay: 150,
          delayOnTouchOnly: true,
          filter: "input, select",
          preventOnFilter: false,
          ghostClass: "hand-card--ghost",
          chosenClass: "hand-card--chosen",
          onEnd: function (event) {
            dropped = true;
            if (event.from === event.to && event.oldIndex === event.newIndex) return;
            announce(hand, event.item);
            rearranged(hand);
          },
        });
      });
    });
  }

  // The click that ends a drag is not a press of the card (a discard button, say).
  var dropped = false;
  document.addEventListener("click", function (event) {
    if (!dropped) return;
    dropped = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
  document.addEventListener("pointerdown", function () { dropped = false; }, true);

  document.addEventListener("keydown", onKey);
  document.addEventListener("htmx:load", function (event) { setUp(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
})();
