"""Capitalla's hard bot: it plays for the fewest exchanges to a declaration
(`evaluation.distance`) and, among equal hands, the most outs: the unseen cards that
would bring it closer."""

import random

from games.engine.base import Move, State

from . import RULES
from .evaluation import ROLES, by_roles, count_fitting, count_outs, distance, distance_after_pick, unseen_cards

EXACT_OUTS_WITHIN = 2  # exchanges


class HardBot:
    """Keeps the hand nearest a declaration with the most ways to get closer."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        declaration = next((move for move in moves if move["type"] == "declare"), None)
        if declaration:
            return declaration
        view = RULES.view(state, seat)
        hand = view["hand"]
        if view["phase"] == "pick":
            top = view["discard_top"]
            take = top is not None and distance_after_pick(hand + [top]) < distance(hand)
            return {"type": "draw", "from": "discard" if take else "pile"}
        return {"type": "discard", "card": best_discard(hand, unseen_cards(view), rng)}


def best_discard(hand: list[str], unseen: list[str], rng: random.Random) -> str:
    """The card whose going leaves the hand nearest a declaration, then with most outs.
    Cards of the same roles are worth the same: one of them is weighed."""
    kept = {}
    for card in hand:
        kept.setdefault(ROLES[card], (card, [other for other in hand if other != card]))
    distances = {roles: distance(rest) for roles, (_, rest) in kept.items()}
    nearest = min(distances.values())
    classes = by_roles(unseen)
    # Far from a declaration, counting outs costs too much: the cards that fit are counted.
    weigh = count_outs if nearest <= EXACT_OUTS_WITHIN else count_fitting
    outs = {roles: weigh(kept[roles][1], classes) for roles, value in distances.items() if value == nearest}
    most = max(outs.values())
    choices = sorted(card for card in hand if outs.get(ROLES[card]) == most)
    return rng.choice(choices)
