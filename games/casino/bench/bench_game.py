"""Casino engine speed: a whole game to 21 between four "normal" bots.

    python games/casino/bench/bench_game.py [games, default 200]

Each move goes through the calls a server makes: the bot reads `view` and
`legal_moves`, `apply` checks and plays it (questions asked and answered included).
Seeds 0 to games-1. Target: median <= 200 ms per game.
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import time_bot_games  # first: sets Django up


def main(games):
    times, moves, deals = time_bot_games("casino", games, lambda state: [len(state["deals"])])
    count = len(times)
    print(f"{'games':>5} {'median ms':>9} {'p95 ms':>7} {'max ms':>7} {'median moves':>12}  deals per game")
    print(
        f"{count:5} {statistics.median(times):9.1f} {times[int(count * 0.95)]:7.1f} {times[-1]:7.1f}"
        f" {statistics.median(moves):12.0f}  {dict(sorted(deals.items()))}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
