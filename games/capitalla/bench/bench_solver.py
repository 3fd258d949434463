"""Capitalla solver speed: can_declare on 13 cards, find_declaration on 14.

    python games/capitalla/bench/bench_solver.py [hands per family, default 3000]

Three families of hands: random deals; near wins (a winning hand with one card
swapped); many jokers (3 to 6). Caches start cold and are shared across calls, as
in a server process. Targets: p99 <= 1 ms for each function.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

import bench._common  # noqa: F401  (first: sets Django up)
from games.capitalla.engine import CARDS, can_declare, find_declaration

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JOKERS = sorted(i for i, c in CARDS.items() if c.is_joker)
NATURALS = sorted(i for i, c in CARDS.items() if not c.is_joker)
BY_LETTER = {x: [i for i in NATURALS if x in CARDS[i].letters] for x in LETTERS}


def random_hand(rng, size):
    return rng.sample(sorted(CARDS), size)


def winning_hand(rng):
    """13 cards: a pure group of 3, then same-letter or mixed groups of 3 to 5."""
    while True:
        try:
            return sorted(_groups_of_13(rng))
        except LookupError:  # a letter ran out of cards: start again
            continue


def _groups_of_13(rng):
    used = set()
    letter = rng.choice([x for x in LETTERS if len(BY_LETTER[x]) >= 3])
    for _ in range(3):
        _pick(rng, BY_LETTER[letter], used)
    while len(used) < 13:
        left = 13 - len(used)
        size = left if left < 6 else rng.randint(3, min(5, left - 3))
        start = rng.randint(0, len(LETTERS) - size)
        letter = rng.choice(LETTERS) if rng.random() < 0.5 else None
        for k in range(size):
            natural = BY_LETTER[letter or LETTERS[start + k]]
            _pick(rng, JOKERS if rng.random() < 0.2 or not natural else natural, used)
    return used


def _pick(rng, pool, used):
    free = [i for i in pool if i not in used]
    if not free:
        raise LookupError
    used.add(rng.choice(free))


def near_win(rng, size):
    hand = winning_hand(rng)
    hand.remove(rng.choice(hand))
    rest = [i for i in sorted(CARDS) if i not in hand]
    return hand + rng.sample(rest, size - 12)


def many_jokers(rng, size):
    jokers = rng.randint(3, 6)
    return rng.sample(JOKERS, jokers) + rng.sample(NATURALS, size - jokers)


FAMILIES = {"random": random_hand, "near win": near_win, "many jokers": many_jokers}
CASES = [("can_declare", can_declare, 13), ("find_declaration", find_declaration, 14)]


def measure(function, hands):
    times, hits = [], 0
    for hand in hands:
        started = time.perf_counter()
        hits += bool(function(hand))
        times.append((time.perf_counter() - started) * 1e6)
    times.sort()
    return hits, statistics.median(times), times[int(len(times) * 0.99)], times[-1]


def main(per_family):
    rng = random.Random(2024)
    print(f"{'function':17} {'family':12} {'n':>5} {'declarable':>10} {'median µs':>10} {'p99 µs':>8} {'max µs':>8}")
    for name, function, size in CASES:
        for family, make in FAMILIES.items():
            hands = [make(rng, size) for _ in range(per_family)]
            hits, median, p99, worst = measure(function, hands)
            print(f"{name:17} {family:12} {per_family:5} {hits:10} {median:10.0f} {p99:8.0f} {worst:8.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
