"""How often one "normal" Cap-It bot beats three weaker ones over a whole game.

    python games/capit/bench/winrate.py [games per match-up, default 500]

Each match-up seats one normal bot with three bots of another level at a 4-player
table; the normal bot's seat rotates from game to game. A game is five rounds; the
lowest total wins, and a tie shares the win: a game won with k tied winners counts
1/k. An even table would give 25%. The interval is Wilson's 95% score interval on the
shared win count.
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import wilson  # first: sets Django up
from engine.bots import play


def match_up(opponent, games):
    wins, margins, went_out = 0.0, [], 0
    for seed in range(games):
        seat = seed % 4
        levels = [opponent] * 4
        levels[seat] = "normal"
        state = play("capit", levels, seed)
        result = state["result"]
        if seat in result["winners"]:
            wins += 1 / len(result["winners"])
        others = [score for s, score in enumerate(result["scores"]) if s != seat]
        margins.append(statistics.mean(others) - result["scores"][seat])
        went_out += sum(r["went_out"] == seat for r in state["rounds"])
    return wins, statistics.median(margins), went_out / games


def main(games):
    print(
        f"{'match-up':22} {'games':>5} {'normal wins':>11} {'win rate':>8} {'95% interval':>14}"
        f" {'median lead':>11} {'rounds out':>10}"
    )
    for opponent in ("random", "easy"):
        wins, margin, went_out = match_up(opponent, games)
        low, high = wilson(wins, games)
        print(
            f"{'normal vs 3 ' + opponent:22} {games:5} {wins:11.1f} {wins / games:8.1%}"
            f" {f'{low:.1%}-{high:.1%}':>14} {margin:11.0f} {went_out:10.2f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
