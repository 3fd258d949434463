"""How often one "normal" Capitalla bot beats three weaker ones.

    python games/capitalla/bench/winrate.py [deals per match-up, default 600]

Each match-up seats one normal bot with three bots of another level; the normal
bot's seat rotates from deal to deal. Drawn deals count as deals not won. The
interval is Wilson's 95% score interval; an even table would give 25%.
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import wilson  # first: sets Django up
from engine.bots import play


def match_up(opponent, deals):
    outcome = Counter()
    for seed in range(deals):
        seat = seed % 4
        levels = [opponent] * 4
        levels[seat] = "normal"
        winners = play("capitalla", levels, seed)["result"]["winners"]
        outcome["normal" if seat in winners else opponent if winners else "drawn"] += 1
    return outcome


def main(deals):
    print(f"{'match-up':22} {'deals':>5} {'normal wins':>11} {'win rate':>8} {'95% interval':>14} {'drawn':>5}")
    for opponent in ("random", "easy"):
        outcome = match_up(opponent, deals)
        low, high = wilson(outcome["normal"], deals)
        print(
            f"{'normal vs 3 ' + opponent:22} {deals:5} {outcome['normal']:11}"
            f" {outcome['normal'] / deals:8.1%} {f'{low:.1%}-{high:.1%}':>14} {outcome['drawn']:5}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
