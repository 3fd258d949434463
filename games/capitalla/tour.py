"""Capitalla's first-game tour (`GamePlugin.tour`): the goal, the hand, the piles, the
turn's buttons and the last moves, in the words the table uses."""

from tables.plugins import TourStep

TOUR = (
    TourStep(
        "The goal",
        "Be first to lay out all your cards in groups of three or more: one capital letter (Lima, Lisbon, "
        "London: L L L) or letters in a row (M N O). A capital starting with C is a joker. Rules has the rest.",
        (".table__rules",),
    ),
    TourStep(
        "Your hand",
        "Your 13 cards, grouped by the first letter of each capital. Sort them, or drag them into an order "
        "of your own.",
        (".my-hand",),
    ),
    TourStep(
        "The piles",
        "Each turn you take one card: the top of the draw pile, face down, or the top of the discard pile, "
        "which everyone sees.",
        (".piles",),
    ),
    TourStep(
        "Your move",
        "On your turn: Draw from the pile, or Take the discard. Then press a card of your hand to discard it. "
        "When your cards make groups, a Declare button shows here: one press wins the deal.",
        (".action-bar", ".my-hand .hint", ".turn-banner"),
    ),
    TourStep(
        "Just now",
        "Every move shows here as it happens, the newest first. All the moves are listed under the table.",
        ("[data-just-now]",),
    ),
)
