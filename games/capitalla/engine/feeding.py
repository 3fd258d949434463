"""How likely a card thrown now is to help the seat that may take it next: the chance it
would bring that seat's hand nearer a declaration (`evaluation.distance`) if taken.

The hand is hidden, so the chance is read from what the whole table saw of that seat: the
cards it took from the discard pile and still holds (it keeps what fits), the discards it
passed over (they did not fit), what it threw (heads-up, every discard of the other seat
is a card I took or passed over), and how many unseen cards lie near the card's letter. A
logistic model weighs these; `games/capitalla/bench/feed_model.py` fitted `WEIGHTS` on hard-bot
games against the normal and gin players, labelling each card of the hard bot's hand
with what it would have done to the true hand of the next seat. On games it was not
fitted on it ranks a card that helps above one that does not 71% of the time (the AUC);
the card alone (a joker, the unseen cards near its letter) gives 66.5%.
"""

import math

from .evaluation import JOKER, ROLES, by_roles

NEAR = 3  # letters apart 0, 1, 2: what a card can share a group with
RECENT = 2  # the last passes over of a seat say most about the hand it holds now

FEATURES = (
    "bias",
    "joker",
    "several letters",
    *(f"it holds, {k} letters apart" for k in range(NEAR)),
    "jokers it holds",
    *(f"it passed over, {k} letters apart" for k in range(NEAR)),
    *(f"it passed over lately, {k} letters apart" for k in range(RECENT)),
    *(f"it threw, {k} letters apart" for k in range(NEAR)),
    *(f"unseen (tens), {k} letters apart" for k in range(NEAR)),
    "its picks so far",
)
# Fitted by games/capitalla/bench/feed_model.py (see there how to fit them again).
WEIGHTS = (
    -2.042, 4.950, -0.040,
    0.608, 0.078, 0.141, -0.133,
    -0.431, -0.116, -0.108, -0.220, 0.013,
    -0.912, -0.320, -0.203,
    0.546, 0.311, 0.251,
    0.040,
)  # fmt: skip
NATURALS = {card: tuple(role for role in roles if role != JOKER) for card, roles in ROLES.items()}


def next_seat(view: dict) -> int:
    """The seat that may take my discard: the next one still in the deal."""
    seat, players = view["seat"], view["players"]
    following = (s % players for s in range(seat + 1, seat + players))
    return next(s for s in following if s not in view["out"])


def collected(view: dict, seat: int) -> list[str]:
    """The cards `seat` took from the discard pile and still holds, as far as the table
    saw: not thrown back on the pile (nor come round to my hand) since."""
    gone = set(view["discard_pile"]) | set(view["hand"])
    return [card for card in view["taken"][seat] if card not in gone]


def feed_chances(view: dict, cards: list[str], unseen: list[str]) -> dict[str, float]:
    """For each of `cards` (in my hand), the chance it helps the next seat if I throw it."""
    return {card: _logistic(row) for card, row in feed_features(view, cards, unseen).items()}


def feed_features(view: dict, cards: list[str], unseen: list[str]) -> dict[str, tuple[float, ...]]:
    """The model's inputs (`FEATURES`) for each of `cards`, from the view alone."""
    seat, me = next_seat(view), view["seat"]
    held = collected(view, seat)
    passed = view["refused"][seat]
    # Heads-up, each discard of the other seat came to me: I took it or passed it over.
    thrown = view["taken"][me] + view["refused"][me] if view["players"] == 2 else []
    unseen_classes = by_roles(unseen)
    picks = len(view["taken"][seat]) + len(passed)
    jokers_held = sum(ROLES[card][0] == JOKER for card in held)
    rows = {}
    for card in set(cards):
        letters = NATURALS[card]
        near_unseen = _near(letters, ((roles, count) for roles, (_, count) in unseen_classes.items()))
        rows[card] = (
            1,
            int(ROLES[card][0] == JOKER),
            int(len(letters) > 1),
            *_near_cards(letters, held),
            jokers_held,
            *_near_cards(letters, passed),
            *_near_cards(letters, passed[-RECENT:])[:RECENT],
            *_near_cards(letters, thrown),
            *(count / 10 for count in near_unseen),
            picks,
        )
    return rows


def _logistic(row: tuple[float, ...]) -> float:
    return 1 / (1 + math.exp(-sum(weight * value for weight, value in zip(WEIGHTS, row))))


def _near_cards(letters: tuple[int, ...], cards: list[str]) -> list[int]:
    return _near(letters, ((ROLES[card], 1) for card in cards))


def _near(letters: tuple[int, ...], counted) -> list[int]:
    """How many cards lie 0, 1 and 2 letters from `letters` (the nearest of each card's
    letters; jokers and a card with no natural letter count nowhere)."""
    near = [0] * NEAR
    if letters:
        for roles, count in counted:
            gaps = [abs(mine - theirs) for mine in letters for theirs in roles if theirs != JOKER]
            if gaps and min(gaps) < NEAR:
                near[min(gaps)] += count
    return near
