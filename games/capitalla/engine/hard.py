"""Capitalla's hard bot: it keeps the hand fewest exchanges from a declaration
(`evaluation.distance`) and, among those, the one needing fewest draws: a hand `d`
exchanges away whose draws bring it nearer with `o` of the `u` unseen cards (its outs)
needs about d * u / o. It takes the discard only when it brings the hand nearer. Among
discards as good, it throws the one least useful to the next seat's collection (the
cards the table saw it take from the discard pile)."""

import math
import random

from .evaluation import JOKER, ROLES, by_roles, count_outs, distance, distance_after_pick, unseen_cards
from .turn import PickAndDiscard

FEED_REACH = 1  # letters: a card this near a collected card may share its group


class HardBot(PickAndDiscard):
    """Keeps the hand expected to declare soonest."""

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        return _take_discard(view["hand"], top)

    def discard(self, view: dict, rng: random.Random) -> str:
        held = held_by_others(view)
        unseen = [card for card in unseen_cards(view) if card not in held]
        return best_discard(view["hand"], unseen, rng, held_by_next(view))


def _take_discard(hand: list[str], top: str) -> bool:
    """Whether the discard brings the hand nearer a declaration: a sure step, where
    the draw pile's card is only a chance of one."""
    return distance_after_pick(hand + [top]) < distance(hand)


def _collected(view: dict, seat: int) -> list[str]:
    """The cards `seat` took from the discard pile and still holds, as far as the table
    saw: not thrown back on the pile (nor come round to my hand) since."""
    gone = set(view["discard_pile"]) | set(view["hand"])
    return [card for card in view["taken"][seat] if card not in gone]


def held_by_others(view: dict) -> set[str]:
    """The cards the other seats were seen to take and hold: not for me to draw."""
    return {card for seat in range(view["players"]) if seat != view["seat"] for card in _collected(view, seat)}


def held_by_next(view: dict) -> list[str]:
    """What the next seat, the one that may take my discard, collected."""
    seat, players = view["seat"], view["players"]
    following = (s % players for s in range(seat + 1, seat + players))
    return _collected(view, next(s for s in following if s not in view["out"]))


def feed_risk(card: str, collected: list[str]) -> int:
    """How much `card` would help a hand holding the `collected` cards: a point for each
    of them it could share a group with (a joker fits all of them, and one more)."""
    if ROLES[card][0] == JOKER:
        return len(collected) + 1
    return sum(
        any(abs(mine - theirs) <= FEED_REACH for mine in ROLES[card] for theirs in ROLES[other] if theirs != JOKER)
        for other in collected
    )


def best_discard(hand: list[str], unseen: list[str], rng: random.Random, collected: list[str] = ()) -> str:
    """The card whose going leaves the hand nearest a declaration, then needing fewest
    draws, then of least `feed_risk` to the next seat's `collected` cards; ties broken
    by `rng`."""
    classes = by_roles(unseen)
    keeps = _keeps(hand)
    distances = {roles: distance(kept) for roles, kept in keeps}
    nearest = min(distances.values())
    needed = {
        roles: _draws_needed(kept, classes, len(unseen), nearest)
        for roles, kept in keeps
        if distances[roles] == nearest
    }
    cost = {card: (needed[ROLES[card]], feed_risk(card, collected)) for card in hand if ROLES[card] in needed}
    cheapest = min(cost.values())
    return rng.choice(sorted(card for card, value in cost.items() if value == cheapest))


def _keeps(cards: list[str]) -> list[tuple[tuple[int, ...], list[str]]]:
    """The hands these cards leave, one card going: one per role class of the card."""
    keeps = {}
    for card in cards:
        keeps.setdefault(ROLES[card], [other for other in cards if other != card])
    return list(keeps.items())


def _draws_needed(kept: list[str], classes: dict, unseen: int, left: int) -> float:
    """About how many draws these kept cards need, `left` exchanges from a declaration,
    with `unseen` cards unseen (`classes`: them by roles)."""
    if left == 0:
        return 0.0
    outs = count_outs(kept, classes)
    return left * unseen / outs if outs else math.inf
