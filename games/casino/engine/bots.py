"""Casino bots. None of them ever resigns; each reads only `view` and `legal_moves`."""

import random

from games.engine.base import Move, State

from . import RULES


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        return rng.choice(RULES.legal_moves(state, seat))


BOTS = {"random": RandomBot()}
