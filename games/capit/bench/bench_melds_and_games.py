"""Cap-It engine speed: `is_valid_meld` per call, and a whole game between bots.

    python games/capit/bench/bench_melds_and_games.py [calls per meld family, default 5000] [games, default 100]

`is_valid_meld` runs over four families of 3-8 card melds, each half valid and half
not: sets and runs, each with and without wild cards (jokers and 2s), as card ids with
copy suffixes. Target: median and p99 <= 50 µs per call.

A game is five rounds between four "normal" bots in memory, each move through the
calls a server makes (the bot reads `view` and `legal_moves`, `apply` checks and plays
it). Target: median <= 300 ms per game.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import print_game_times, time_bot_games  # first: sets Django up
from engine.cards import RANKS, SUITS
from games.capit.engine import deck, is_valid_meld

WILD = ["JK:0", "JK:1", "2C:0", "2H:1", "2S:0", "2D:1"]


def a_set(rng, wild):
    rank = rng.choice(RANKS[1:])
    size = rng.randint(3, 6)
    cards = [f"{rank}{rng.choice(SUITS)}:{rng.randint(0, 1)}" for _ in range(size)]
    if wild:
        cards[rng.randrange(1, size)] = rng.choice(WILD)
    return cards


def a_run(rng, wild):
    size = rng.randint(3, 8)
    start = rng.randint(1, 13 - size)  # index into RANKS: 3 and up
    suit = rng.choice(SUITS)
    cards = [f"{RANKS[start + k]}{suit}:{rng.randint(0, 1)}" for k in range(size)]
    if wild:
        for _ in range(rng.randint(1, 2)):
            cards[rng.randrange(size)] = rng.choice(WILD)
    rng.shuffle(cards)
    return cards


def spoiled(rng, cards):
    """The same meld with one card swapped for a random one: nearly always invalid."""
    cards = list(cards)
    cards[rng.randrange(len(cards))] = rng.choice(deck(4))
    return cards


FAMILIES = {
    "sets": ("set", lambda rng: a_set(rng, False)),
    "sets + wild": ("set", lambda rng: a_set(rng, True)),
    "runs": ("run", lambda rng: a_run(rng, False)),
    "runs + wild": ("run", lambda rng: a_run(rng, True)),
}


def bench_melds(per_family):
    rng = random.Random(2024)
    print(f"{'is_valid_meld':14} {'n':>6} {'valid':>6} {'median µs':>10} {'p99 µs':>8} {'max µs':>8}")
    everything = []
    for family, (kind, make) in FAMILIES.items():
        melds = [make(rng) if k % 2 else spoiled(rng, make(rng)) for k in range(per_family)]
        times, valid = [], 0
        for cards in melds:
            started = time.perf_counter()
            valid += is_valid_meld(cards, kind)
            times.append((time.perf_counter() - started) * 1e6)
        everything += times
        _row(family, times, valid)
    _row("all", everything, None)


def _row(name, times, valid):
    times = sorted(times)
    shown = "" if valid is None else valid
    print(
        f"{name:14} {len(times):6} {shown:>6} {statistics.median(times):10.1f}"
        f" {times[int(len(times) * 0.99)]:8.1f} {times[-1]:8.1f}"
    )


def bench_games(games):
    times, moves, endings = time_bot_games("capit", games, lambda state: [r["reason"] for r in state["rounds"]])
    print()
    print_game_times("games", times, moves, endings, "round endings")


if __name__ == "__main__":
    bench_melds(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
    bench_games(int(sys.argv[2]) if len(sys.argv) > 2 else 100)
