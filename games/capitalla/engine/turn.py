"""A Capitalla turn as every bot above easy plays it: declare as soon as the rules allow;
else pick, from the discard pile if `takes` says so; then discard what `discard` names."""

import random

from engine.base import Move, State

from . import RULES


class PickAndDiscard:
    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        declaration = next((move for move in RULES.legal_moves(state, seat) if move["type"] == "declare"), None)
        if declaration:
            return declaration
        view = RULES.view(state, seat)
        if view["phase"] == "pick":
            top = view["discard_top"]
            take = top is not None and self.takes(view, top, rng)
            return {"type": "draw", "from": "discard" if take else "pile"}
        return {"type": "discard", "card": self.discard(view, rng)}

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        """Whether to take the discard pile's top card `top`."""
        raise NotImplementedError

    def discard(self, view: dict, rng: random.Random) -> str:
        """The card to discard from `view["hand"]`."""
        raise NotImplementedError
