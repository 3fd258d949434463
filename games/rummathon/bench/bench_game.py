"""Rummathon Royale engine speed: a whole Half game (six sequences) between four bots.

    python games/rummathon/bench/bench_game.py [games, default 50] [level, default normal]

Four bots of one level play in memory, each move through the calls a server makes (the
bot reads `view` and `legal_moves`, which run the solver; `apply` checks and plays it).
The game has no plugin yet, so the script drives the engine directly rather than through
the registry. Target: median <= 1 s per game.
"""

import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import print_game_times  # first: sets Django up
from games.rummathon.engine.bots import play_game


def main(games, level):
    times, moves, rounds, endings = [], [], [], Counter()
    for seed in range(games):
        state, seconds = play_game([level] * 4, seed, {"variant": "half"})
        times.append(seconds * 1000)
        moves.append(state["moves"])
        rounds.append(state["round"])
        endings[state["result"]["reason"]] += 1
    print(f"Half games, four {level} bots; median rounds per game: {statistics.median(rounds):.0f}")
    print_game_times("games", sorted(times), moves, endings, "endings")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50, sys.argv[2] if len(sys.argv) > 2 else "normal")
