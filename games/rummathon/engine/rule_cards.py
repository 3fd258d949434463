"""The six Rummathon rule cards: each lists twelve round sequences, the first easy, each
harder than the one before, at most 11 cards each. Every card mixes sets, runs and
colour groups but leans its own way: Crown is balanced, Sceptre likes runs, Orb colour
groups, Throne sets, Banner three small groups, Citadel a few long ones.

"Harder" is measured, not guessed: `games/rummathon/bench/bench_solver.py` counts how often
the solver finds each sequence in random 18-card hands (a hand that has kept its useful
cards for a few turns); along every card that share never rises, and the six cards
stay close to one another step by step (games/rummathon/notes/rules.md has the table).

A sequence (a requirement) is a list of items {"kind", "size"}: one group of that kind
of at least that many cards each (see `groups.meets`).
"""

from .groups import sequence_text

SEQUENCES_PER_CARD = 12
MAX_CARDS = 11  # in one sequence

_CARDS = {
    "Crown": [
        [("set", 3), ("run", 4)],
        [("set", 3), ("run", 5)],
        [("set", 3), ("set", 3)],
        [("set", 4), ("run", 3), ("colour", 3)],
        [("run", 7), ("colour", 3)],
        [("set", 4), ("run", 3), ("run", 4)],
        [("set", 3), ("set", 4), ("colour", 4)],
        [("set", 3), ("set", 4), ("run", 4)],
        [("set", 5), ("colour", 4)],
        [("set", 3), ("set", 3), ("set", 4)],
        [("set", 4), ("set", 4), ("run", 3)],
        [("set", 5), ("colour", 6)],
    ],
    "Sceptre": [
        [("run", 3), ("run", 4)],
        [("run", 5), ("colour", 5)],
        [("run", 4), ("run", 4)],
        [("run", 3), ("run", 6)],
        [("run", 7)],
        [("run", 8)],
        [("run", 9)],
        [("run", 4), ("run", 7)],
        [("run", 10)],
        [("set", 4), ("run", 7)],
        [("run", 11)],
        [("set", 5), ("run", 6)],
    ],
    "Orb": [
        [("set", 3), ("colour", 5)],
        [("colour", 5), ("colour", 5)],
        [("run", 4), ("colour", 6)],
        [("run", 6), ("colour", 5)],
        [("set", 3), ("set", 3), ("colour", 5)],
        [("colour", 4), ("colour", 7)],
        [("run", 3), ("colour", 7)],
        [("run", 4), ("colour", 7)],
        [("set", 4), ("colour", 6)],
        [("run", 3), ("colour", 8)],
        [("set", 4), ("colour", 7)],
        [("colour", 9)],
    ],
    "Throne": [
        [("set", 3), ("colour", 4)],
        [("set", 3), ("set", 3)],
        [("set", 4), ("colour", 4)],
        [("set", 3), ("set", 3), ("run", 4)],
        [("set", 4), ("run", 4)],
        [("set", 3), ("set", 4)],
        [("set", 3), ("set", 3), ("set", 3)],
        [("set", 5), ("run", 3)],
        [("set", 5), ("run", 4)],
        [("set", 3), ("set", 5)],
        [("set", 4), ("set", 4)],
        [("set", 6), ("run", 3)],
    ],
    "Banner": [
        [("set", 3), ("run", 3), ("colour", 3)],
        [("set", 3), ("run", 3), ("run", 4)],
        [("set", 3), ("set", 3), ("colour", 3)],
        [("set", 4), ("run", 3), ("colour", 4)],
        [("run", 3), ("run", 3), ("run", 5)],
        [("set", 4), ("run", 3), ("run", 3)],
        [("set", 3), ("set", 4), ("colour", 3)],
        [("set", 3), ("set", 4), ("run", 3)],
        [("set", 5), ("colour", 3), ("colour", 3)],
        [("set", 5), ("run", 3), ("run", 3)],
        [("set", 4), ("set", 4), ("colour", 3)],
        [("set", 3), ("set", 3), ("set", 5)],
    ],
    "Citadel": [
        [("colour", 6)],
        [("run", 6)],
        [("set", 3), ("colour", 6)],
        [("colour", 5), ("colour", 6)],
        [("run", 8), ("colour", 3)],
        [("colour", 7)],
        [("run", 5), ("run", 6)],
        [("set", 3), ("run", 8)],
        [("colour", 8)],
        [("set", 5), ("run", 5)],
        [("set", 3), ("colour", 8)],
        [("set", 6), ("run", 4)],
    ],
}

RULE_CARDS = [
    {"name": name, "sequences": [[{"kind": kind, "size": size} for kind, size in items] for items in sequences]}
    for name, sequences in _CARDS.items()
]


def sequence_size(requirement: list[dict]) -> int:
    """The fewest cards that meet this sequence."""
    return sum(item["size"] for item in requirement)


__all__ = ["MAX_CARDS", "RULE_CARDS", "SEQUENCES_PER_CARD", "sequence_size", "sequence_text"]
