"""How often an "easy" or "normal" Casino bot beats weaker bots over a whole game to 21.

    python games/casino/bench/winrate.py [games per match-up, default 500]

Each match-up seats one bot of the level tested with random-move bots (and the normal
bot also with easy ones), at a 2-player table
(an even game would give 50%) and at a 4-player table (25%); its seat rotates from
game to game. Seeds 0 to games-1, no sweeps, trivia for no points (TRIVIA_OFF: the bots'
answers are chance, not play).
The interval is Wilson's 95% score interval. Median lead: the bot's final total minus
the others' mean.
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import wilson  # first: sets Django up
from engine.bots import play

TRIVIA_OFF = {"trivia_points": False}


def match_up(level, opponent, players, games):
    wins, leads, deals = 0, [], []
    for seed in range(games):
        seat = seed % players
        levels = [opponent] * players
        levels[seat] = level
        state = play("casino", levels, seed, TRIVIA_OFF)
        result = state["result"]
        wins += seat in result["winners"]
        others = [score for s, score in enumerate(result["scores"]) if s != seat]
        leads.append(result["scores"][seat] - statistics.mean(others))
        deals.append(len(state["deals"]))
    return wins, statistics.median(leads), statistics.mean(deals)


def main(games):
    print(
        f"{'match-up':22} {'games':>5} {'wins':>5} {'win rate':>8} {'95% interval':>14}"
        f" {'median lead':>11} {'deals':>5}"
    )
    for level, opponent in (("normal", "random"), ("easy", "random"), ("normal", "easy")):
        for players in (2, 4):
            wins, lead, deals = match_up(level, opponent, players, games)
            low, high = wilson(wins, games)
            name = f"{level} vs {players - 1} {opponent}"
            print(
                f"{name:22} {games:5} {wins:5} {wins / games:8.1%} {f'{low:.1%}-{high:.1%}':>14}"
                f" {lead:11.1f} {deals:5.1f}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
