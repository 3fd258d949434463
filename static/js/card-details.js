// A Capitalla card's details on a tap: on a phone the compact card cuts its country and
// capital short (capitalla.css), so a tap on a card of the table or of my hand that is not
// a discard button, or Enter / Space on a focused one, shows a line under the hand (or the
// piles, or the declared groups) with the whole name, the capital(s), the letters and the
// fact. A second tap, Escape or the line's close button hides it. The line sits in the
// page's flow, so it covers nothing; when the poll swaps the table it comes back under the
// same card while that card is still on the table.
(function () {
  "use strict";

  var shownCard = null; // the data-card of the card whose details are shown

  // A card that shows its details: not a discard button, nor inside one.
  function detailCard(target) {
    var card = target.closest ? target.closest(".card[data-card]") : null;
    if (!card) {
      var item = target.closest ? target.closest("[data-hand-card]") : null;
      card = item && item.querySelector(".card[data-card]");
    }
    if (!card || !card.closest("#table") || card.closest("button")) return null;
    return card;
  }

  function textOf(card, selector) {
    var part = card.querySelector(selector);
    return part ? part.textContent.trim() : "";
  }

  function line(text, className) {
    var p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  function hide() {
    var details = document.getElementById("card-details");
    if (details) details.remove();
    document.querySelectorAll(".card--detailed").forEach(function (card) {
      card.classList.remove("card--detailed");
      if (card.getAttribute("role") === "button") {
        card.setAttribute("aria-expanded", "false");
        card.removeAttribute("aria-controls");
      }
    });
    shownCard = null;
  }

  // `reveal`: scroll the line into view (a tap asked for it; a poll's swap did not).
  function show(card, reveal) {
    hide();
    var capital = textOf(card, ".card__capital");
    var letters = textOf(card, ".card__badge");
    var details = document.createElement("div");
    details.id = "card-details";
    details.className = "card-details";
    details.setAttribute("role", "region");
    details.setAttribute("aria-label", "Card details");
    details.setAttribute("aria-live", "polite");
    var text = document.createElement("div");
    text.className = "card-details__text";
    text.appendChild(line(textOf(card, ".card__country"), "card-details__name"));
    text.appendChild(line((capital.indexOf("/") >= 0 ? "Capitals: " : "Capital: ") + capital, "card-details__capital"));
    text.appendChild(line(
      (letters.indexOf("/") >= 0 ? "Letters: " : "Letter: ") + letters + (card.querySelector(".card__joker") ? " · a joker" : ""),
      "card-details__letters"
    ));
    var fact = textOf(card, ".card__fact") || card.getAttribute("title") || "";
    if (fact) text.appendChild(line(fact, "card-details__fact"));
    var close = document.createElement("button");
    close.type = "button";
    close.className = "card-details__close";
    close.setAttribute("aria-label", "Close the card's details");
    close.textContent = "×";
    details.appendChild(text);
    details.appendChild(close);
    var after = card.closest(".hand, .piles, .melds") || card;
    after.after(details);
    card.classList.add("card--detailed");
    if (card.getAttribute("role") === "button") {
      card.setAttribute("aria-expanded", "true");
      card.setAttribute("aria-controls", "card-details");
    }
    if (reveal) details.scrollIntoView({ block: "nearest" });
    shownCard = card.getAttribute("data-card");
  }

  function toggle(card) {
    if (shownCard === card.getAttribute("data-card")) hide();
    else show(card, true);
  }

  // Cards outside my hand take the focus too, as buttons that show and hide their details
  // (my hand's cards have the focus already, as items of the hand's list).
  function focusable(root) {
    (root.querySelectorAll ? root : document).querySelectorAll(".card[data-card]").forEach(function (card) {
      if (card.closest("#table") && !card.closest("button, [data-hand-card]") && !card.hasAttribute("tabindex")) {
        card.setAttribute("tabindex", "0");
        card.setAttribute("role", "button");
        card.setAttribute("aria-expanded", "false");
        // Named as the card is read (the fact on a large card is its title, its description).
        var name = card.querySelector(".visually-hidden");
        if (name) card.setAttribute("aria-label", name.textContent.trim());
      }
    });
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest(".card-details__close")) {
      var card = document.querySelector('#table .card[data-card="' + CSS.escape(shownCard) + '"]');
      hide();
      if (card) (card.closest("[data-hand-card]") || card).focus();
      return;
    }
    var tapped = detailCard(event.target);
    if (tapped) toggle(tapped);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && shownCard !== null) {
      hide();
      return;
    }
    if ((event.key !== "Enter" && event.key !== " ") || event.altKey || event.ctrlKey || event.metaKey) return;
    var focused = event.target;
    if (!focused.matches || !focused.matches("#table [data-hand-card], #table .card[data-card]")) return;
    var card = detailCard(focused);
    if (!card) return;
    event.preventDefault();
    toggle(card);
  });

  document.addEventListener("htmx:load", function (event) {
    if (event.detail.elt.id !== "table") return;
    focusable(event.detail.elt);
    if (shownCard === null) return;
    var again = Array.prototype.filter.call(
      event.detail.elt.querySelectorAll('.card[data-card="' + CSS.escape(shownCard) + '"]'),
      function (card) { return detailCard(card) === card; }
    )[0];
    if (again) show(again, false);
    else hide();
  });
  document.addEventListener("DOMContentLoaded", function () { focusable(document); });
})();
