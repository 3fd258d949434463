"""Bots: players that choose a move from what their seat may know.

A bot sees the game only through `rules.view(state, seat)` and
`rules.legal_moves(state, seat)`, so it cannot peek at other hands or the draw pile.
Each game's engine has its bots (`BOTS`, by level); the registry holds them by slug.
"""

import random

from .base import Bot, State
from .registry import BOTS, get_rules

LEVELS = ("random", "easy", "normal")

__all__ = ["LEVELS", "Bot", "get_bot", "play"]


def get_bot(slug: str, level: str) -> Bot:
    if slug not in BOTS:
        raise ValueError(f"No bots for the game {slug!r}.")
    if level not in BOTS[slug]:
        raise ValueError(f"No bot level {level!r}; the levels are: {', '.join(LEVELS)}.")
    return BOTS[slug][level]


def play(slug: str, levels: list[str], seed: int, options: dict | None = None) -> State:
    """A whole game between bots, one level per seat, in memory: its final state."""
    rules, rng = get_rules(slug), random.Random(seed)
    bots = [get_bot(slug, level) for level in levels]
    state = rules.new_game(len(levels), options or {}, seed)
    while to_act := rules.to_act(state):
        seat = to_act[0]
        state = rules.apply(state, seat, bots[seat].choose(state, seat, rng))
    return state
