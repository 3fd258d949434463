"""Cap-It's first-game tour (`GamePlugin.tour`): the goal, the hand, the piles, the turn's
buttons and the last moves, in the words the table uses."""

from tables.plugins import TourStep

TOUR = (
    TourStep(
        "The goal",
        "Five rounds, each with a contract: this round's is here. Lay it down, then get rid of your cards: "
        "what is left in your hand costs points. After round 5 the lowest total wins.",
        (".contract", ".table__rules"),
    ),
    TourStep(
        "Your hand",
        "Your cards. A • marks those that fit your closest plan for the contract. On your turn you tick "
        "cards into groups here to lay them down.",
        (".my-hand",),
    ),
    TourStep(
        "The piles",
        "The stock, face down, and the discard pile. Take the top discard, or Push: it goes to the next "
        "player with a stock card, and you draw from the stock.",
        (".piles--capit",),
    ),
    TourStep(
        "Your move",
        "Your turn starts here: Take the discard or Push. Then lay your contract with the builder, and "
        "end your turn by discarding a card.",
        (".draw-choice", ".builder__go", ".turn-banner"),
    ),
    TourStep(
        "Just now",
        "Every move shows here as it happens, the newest first. All the moves are listed under the table.",
        ("[data-just-now]",),
    ),
)
