"""How often one Rummathon bot beats three weaker ones over a whole Half game.

    python games/rummathon/bench/winrate.py [games per match-up, default 300]

Each match-up seats one bot ("normal" or "easy") with three bots of a weaker level at a
4-player Half table (six sequences); its seat rotates from game to game. A game won with
k tied winners counts 1/k. An even table would give 25%. The interval is Wilson's 95%
score interval on the shared win count.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import wilson  # first: sets Django up
from games.rummathon.engine.bots import play_game

MATCH_UPS = (("normal", "random"), ("easy", "random"), ("normal", "easy"))


def match_up(level, opponent, games):
    wins, doubles = 0.0, 0
    for seed in range(games):
        seat = seed % 4
        levels = [opponent] * 4
        levels[seat] = level
        state, _ = play_game(levels, seed, {"variant": "half"})
        result = state["result"]
        if seat in result["winners"]:
            wins += 1 / len(result["winners"])
            doubles += result["reason"] == "double_royale"
    return wins, doubles


def main(games):
    print(f"{'match-up':22} {'games':>5} {'wins':>6} {'win rate':>8} {'95% interval':>14} {'by Double':>9}")
    for level, opponent in MATCH_UPS:
        wins, doubles = match_up(level, opponent, games)
        low, high = wilson(wins, games)
        print(
            f"{level + ' vs 3 ' + opponent:22} {games:5} {wins:6.1f} {wins / games:8.1%}"
            f" {f'{low:.1%}-{high:.1%}':>14} {doubles:9}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
