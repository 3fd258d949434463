"""A whole Capitalla deal between four "normal" bots, in the engine (no database).

    python bench/bench_capitalla_deal.py [deals, default 200]

Each move goes through the same calls a server makes: the bot reads `view` and
`legal_moves`, then `apply` checks and plays its move. Target: median <= 50 ms.
"""

import sys

from _common import print_game_times, time_bot_games  # first: puts the repository root on sys.path


def main(deals):
    times, moves, reasons = time_bot_games("capitalla", deals, lambda state: [state["result"]["reason"]])
    print_game_times("deals", times, moves, reasons, "endings")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
