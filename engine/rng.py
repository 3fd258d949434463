"""Seeded randomness. Every shuffle derives from the game's seed and a label, so the
state needs to carry only the seed (never a live RNG object) to stay JSON and replayable."""

import random
import secrets


def new_seed() -> int:
    return secrets.randbits(63)


def shuffled(items: list, seed: int, label: str) -> list:
    """A copy of `items` shuffled by a generator fixed by (seed, label)."""
    out = list(items)
    random.Random(f"{seed}:{label}").shuffle(out)
    return out
