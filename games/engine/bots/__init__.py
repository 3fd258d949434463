"""Bots: players that choose a move from what their seat may know.

A bot sees the game only through `rules.view(state, seat)` and
`rules.legal_moves(state, seat)`, so it cannot peek at other hands or the draw pile.
"""

import random
from typing import Protocol

from ..base import Move, State
from ..registry import RULES
from . import capit, capitalla

LEVELS = ("random", "easy", "normal")
_BOTS = {"capitalla": capitalla.BOTS, "capit": capit.BOTS}


class Bot(Protocol):
    def choose(self, state: State, seat: int, rng: random.Random) -> Move: ...


def get_bot(slug: str, level: str) -> Bot:
    if slug not in _BOTS:
        raise ValueError(f"No bots for the game {slug!r}.")
    if level not in _BOTS[slug]:
        raise ValueError(f"No bot level {level!r}; the levels are: {', '.join(LEVELS)}.")
    return _BOTS[slug][level]


def play(slug: str, levels: list[str], seed: int, options: dict | None = None) -> State:
    """A whole game between bots, one level per seat, in memory: its final state."""
    rules, rng = RULES[slug], random.Random(seed)
    bots = [get_bot(slug, level) for level in levels]
    state = rules.new_game(len(levels), options or {}, seed)
    while to_act := rules.to_act(state):
        seat = to_act[0]
        state = rules.apply(state, seat, bots[seat].choose(state, seat, rng))
    return state
