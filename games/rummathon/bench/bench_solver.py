"""Rummathon solver speed, and how hard each rule card's sequences are.

    python games/rummathon/bench/bench_solver.py [hands, default 1000]

Speed: `find_sequence` over random hands of 12, 16 and 20 cards, each hand against every
one of the 72 sequences on the six rule cards (one call per pair). Target: median
<= 1 ms and p99 <= 10 ms per call.

Difficulty: for each rule card, the share of random 18-card hands (a hand that has kept
its useful cards for a few turns) in which the solver finds each sequence. Along every
card the share should never rise, and the cards should stay close to one another.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

import bench._common  # noqa: F401  (first: sets Django up)
from games.rummathon.engine import RULE_CARDS, deck, find_sequence

SEQUENCES = [requirement for card in RULE_CARDS for requirement in card["sequences"]]


def speed(hands: int) -> None:
    print(f"{'hand':>4} {'calls':>6} {'found':>6} {'median µs':>9} {'p99 µs':>7} {'max µs':>7}")
    for size in (12, 16, 20):
        rng = random.Random(size)
        times, found = [], 0
        for _ in range(hands // 10):  # 72 calls per hand
            hand = rng.sample(deck(), size)
            for requirement in SEQUENCES:
                started = time.perf_counter()
                found += find_sequence(hand, requirement) is not None
                times.append((time.perf_counter() - started) * 1e6)
        times.sort()
        print(
            f"{size:4} {len(times):6} {found:6} {statistics.median(times):9.0f}"
            f" {times[int(len(times) * 0.99)]:7.0f} {times[-1]:7.0f}"
        )


def difficulty(hands: int) -> None:
    rng = random.Random(18)
    sample = [rng.sample(deck(), 18) for _ in range(hands)]
    print(f"\n{'card':8} " + " ".join(f"{step:>4}" for step in range(1, 13)) + "  mean")
    for card in RULE_CARDS:
        shares = [sum(find_sequence(hand, req) is not None for hand in sample) / hands for req in card["sequences"]]
        row = " ".join(f"{share:4.2f}" for share in shares)
        print(f"{card['name']:8} {row}  {statistics.mean(shares):4.2f}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    speed(count)
    difficulty(count)
