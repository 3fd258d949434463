"""Casino's first-game tour (`GamePlugin.tour`): the goal, the table, the hand, the
turn's plays, the captured piles and the last moves, in the words the table uses."""

from tables.plugins import TourStep

TOUR = (
    TourStep(
        "The goal",
        "First to 21 points, ahead of everyone, wins. Points come from the cards you win (most cards, "
        "most spades, aces, the 10♦, the 2♠) and, at most tables, from right answers about capitals.",
        (".round-bar", ".table__rules"),
    ),
    TourStep(
        "The table",
        "The cards face up in the middle, and the builds. Your card captures a card of its rank, or cards "
        "that add up to its value.",
        (".casino-row",),
    ),
    TourStep(
        "Your hand",
        "Your four cards. On your turn, choose one, then the table cards or builds it plays on.",
        (".my-hand",),
    ),
    TourStep(
        "Your move",
        "The plays your choice allows show here: Capture, Build, or Trail to lay the card down and win "
        "nothing. One press plays it.",
        ("#casino-plays", ".turn-banner"),
    ),
    TourStep(
        "Captured this deal",
        "What each player has won this deal. After a capture you may ask your opponents the capitals of "
        "the cards you won.",
        (".casino-piles",),
    ),
    TourStep(
        "Just now",
        "Every move shows here as it happens, the newest first. All the moves are listed under the table.",
        ("[data-just-now]",),
    ),
)
