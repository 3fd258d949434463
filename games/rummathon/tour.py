"""Rummathon Royale's first-game tour (`GamePlugin.tour`): the goal, the hand, the piles,
the turn's buttons and the last moves, in the words the table uses."""

from tables.plugins import TourStep

TOUR = (
    TourStep(
        "The goal",
        "Work down your rule card: lay your current sequence (▶), get rid of your other cards, and climb "
        "to the next. Finish the last sequence with the best score and the game is yours.",
        (".rule-card--mine", ".rule-cards"),
    ),
    TourStep(
        "Your hand",
        "Your cards. A • marks those that fit your next sequence. When you can lay it, your hand becomes "
        "the group builder.",
        (".my-hand",),
    ),
    TourStep(
        "The piles",
        "Draw from the deck, or take from the discard pile, only to use the card at once: the top card to "
        "lay your sequence, any card to hit once it is down.",
        (".rum-piles",),
    ),
    TourStep(
        "Your move",
        "Your turn: draw, lay your sequence, hit, play action cards. Discarding a card ends it.",
        (".rum-deck form", "#rum-moves .rum-panel", ".turn-banner"),
    ),
    TourStep(
        "Just now",
        "Every move shows here as it happens, the newest first. All the moves are listed under the table.",
        ("[data-just-now]",),
    ),
)
