"""Capitalla's hard bot: it plays for the fewest exchanges to a declaration
(`evaluation.distance`) and, among equal hands, the most outs."""

import random

from games.engine.base import Move, State

from . import RULES
from .evaluation import by_roles, distance, distance_after_pick, unseen_cards


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
        unseen = by_roles(unseen_cards(view))
        values = {}
        for card in hand:
            kept = [other for other in hand if other != card]
            values[card] = _worth(kept, unseen)
        best = max(values.values())
        return {"type": "discard", "card": rng.choice(sorted(c for c, v in values.items() if v == best))}


def _worth(kept: list[str], unseen: dict) -> tuple[int, int]:
    left = distance(kept)
    outs = sum(count for one, count in unseen.values() if distance_after_pick(kept + [one]) < left)
    return -left, outs
