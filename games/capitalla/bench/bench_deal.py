"""A whole Capitalla deal between four "normal" bots, in the engine (no database).

    python games/capitalla/bench/bench_deal.py [deals, default 200]

Each move goes through the same calls a server makes: the bot reads `view` and
`legal_moves`, then `apply` checks and plays its move. Target: median <= 50 ms.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import print_game_times, time_bot_games  # first: sets Django up


def main(deals):
    times, moves, reasons = time_bot_games("capitalla", deals, lambda state: [state["result"]["reason"]])
    print_game_times("deals", times, moves, reasons, "endings")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
