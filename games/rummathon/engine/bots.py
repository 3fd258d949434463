"""Rummathon Royale bots. None of them ever resigns.

Each bot reads only `view` and `legal_moves`, so it cannot see other hands or the deck.
"""

import random

from games.engine.base import Move, State

from .rules import RULES


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        return rng.choice(RULES.legal_moves(state, seat))


BOTS = {"random": RandomBot()}
