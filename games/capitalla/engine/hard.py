"""Capitalla's hard bot: it keeps the hand fewest exchanges from a declaration
(`evaluation.distance`) and, among those, the one needing fewest draws: a hand `d`
exchanges away whose draws bring it nearer with `o` of the `u` unseen cards (its outs)
needs about d * u / o, weighed up by the chance that the card it throws helps the next
seat (`feeding`: read from what the table saw that seat take, pass over and throw). It
takes the discard only when it brings the hand nearer."""

import math
import random
from collections.abc import Callable

from .evaluation import ROLES, by_roles, count_outs, distance, distance_after_pick, unseen_cards
from .feeding import collected, feed_chances
from .turn import PickAndDiscard

Feeding = Callable[[list[str]], dict[str, float]]  # cards -> the chance each helps the next seat


class HardBot(PickAndDiscard):
    """Keeps the hand expected to declare soonest."""

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        return _take_discard(view["hand"], top)

    def discard(self, view: dict, rng: random.Random) -> str:
        held = held_by_others(view)
        unseen = [card for card in unseen_cards(view) if card not in held]
        return best_discard(view["hand"], unseen, rng, lambda cards: feed_chances(view, cards, unseen))


def _take_discard(hand: list[str], top: str) -> bool:
    """Whether the discard brings the hand nearer a declaration: a sure step, where
    the draw pile's card is only a chance of one."""
    return distance_after_pick(hand + [top]) < distance(hand)


def held_by_others(view: dict) -> set[str]:
    """The cards the other seats were seen to take and hold: not for me to draw."""
    return {card for seat in range(view["players"]) if seat != view["seat"] for card in collected(view, seat)}


def best_discard(hand: list[str], unseen: list[str], rng: random.Random, feeding: Feeding | None = None) -> str:
    """The card whose going leaves the hand nearest a declaration, then needing fewest
    draws, each draw weighed up by the chance the card helps the next seat (`feeding`
    says it for the cards it is given; none: no chance); ties broken by `rng`."""
    classes = by_roles(unseen)
    keeps = _keeps(hand)
    distances = {roles: distance(kept) for roles, kept in keeps}
    nearest = min(distances.values())
    needed = {
        roles: _draws_needed(kept, classes, len(unseen), nearest)
        for roles, kept in keeps
        if distances[roles] == nearest
    }
    candidates = [card for card in hand if ROLES[card] in needed]
    chances = feeding(candidates) if feeding else dict.fromkeys(candidates, 0.0)
    # A hand with no outs needs "infinitely many" draws whatever goes: the chance decides.
    cost = {card: (needed[ROLES[card]] * (1 + chances[card]), chances[card]) for card in candidates}
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
