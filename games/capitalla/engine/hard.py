"""Capitalla's hard bot: it keeps the hand fewest exchanges from a declaration
(`evaluation.distance`) and, among those, the one needing fewest draws: a hand `d`
exchanges away whose draws bring it nearer with `o` of the `u` unseen cards (its outs)
needs about d * u / o. It takes the discard only when it brings the hand nearer."""

import math
import random

from .evaluation import ROLES, by_roles, count_fitting, count_outs, distance, distance_after_pick, unseen_cards
from .turn import PickAndDiscard

FAR = 3  # exchanges: from this far, the cards that fit stand in for the outs


class HardBot(PickAndDiscard):
    """Keeps the hand expected to declare soonest."""

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        return _take_discard(view["hand"], top)

    def discard(self, view: dict, rng: random.Random) -> str:
        return best_discard(view["hand"], unseen_cards(view), rng)


def _take_discard(hand: list[str], top: str) -> bool:
    """Whether the discard brings the hand nearer a declaration: a sure step, where
    the draw pile's card is only a chance of one."""
    return distance_after_pick(hand + [top]) < distance(hand)


def best_discard(hand: list[str], unseen: list[str], rng: random.Random) -> str:
    """The card whose going leaves the hand nearest a declaration, then needing fewest
    draws; ties broken by `rng`."""
    classes = by_roles(unseen)
    keeps = _keeps(hand)
    distances = {roles: distance(kept) for roles, kept in keeps}
    nearest = min(distances.values())
    needed = {
        roles: _draws_needed(kept, classes, len(unseen), nearest)
        for roles, kept in keeps
        if distances[roles] == nearest
    }
    fewest = min(needed.values())
    return rng.choice(sorted(card for card in hand if needed.get(ROLES[card]) == fewest))


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
    # Far from a declaration counting outs costs too much: the cards that fit are counted.
    outs = count_outs(kept, classes) if left < FAR else count_fitting(kept, classes)
    return left * unseen / outs if outs else math.inf
