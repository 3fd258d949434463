"""How strong each game's "hard" bot is: matches of many games, seats rotating, each with
its win rate, Wilson's 95% interval and the hard bot's time per decision.

    python bench/bot_strength.py [--games N] [--only NAME ...]

A match seats one bot under test (the hero) against a field of other bots; the hero's
seat moves round the table from game to game, and every game has its own seed. A game
the hero wins alone or shares the win of counts as won; a drawn game (no winner) as not
won. The target is for the interval's lower bound (issue 24); the script exits 1 if a
measured match misses its target. A game whose hard bot is not written yet is skipped.
"""

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from _common import play_game, wilson  # first: puts the repository root on sys.path

from engine.base import Bot
from tables.plugins import get_plugin


@dataclass(frozen=True)
class Match:
    slug: str
    hero: str  # a bot level of the game
    field: str | Callable[[], Bot]  # the others' level, or a maker of the reference bot
    players: int
    target: float  # for the lower bound of the hero's win rate
    options: dict = field(default_factory=dict)

    @property
    def field_name(self) -> str:
        return self.field if isinstance(self.field, str) else self.field.__name__


def _gin():
    from games.capitalla.engine.bots import GinBot  # the reference player, not a lobby level

    return GinBot()


def _buying():
    from games.rummathon.engine.bots import BuyingBot  # a reference player, not a lobby level

    return BuyingBot()


MATCHES = {
    "capitalla hard vs normal": Match("capitalla", "hard", "normal", 2, 0.75),
    "capitalla hard vs gin": Match("capitalla", "hard", _gin, 2, 0.60),
    "capitalla normal vs gin": Match("capitalla", "normal", _gin, 2, 0.0),  # the yardstick, no target
    # Trivia scoring off, as when this was measured: the bots' answers are chance, not play.
    "casino hard vs normal": Match("casino", "hard", "normal", 2, 0.65, {"trivia_points": False}),
    "capit hard vs 3 normal": Match("capit", "hard", "normal", 4, 0.45),
    "capit normal vs 3 normal": Match("capit", "normal", "normal", 4, 0.0),  # the yardstick: same seats, same deals
    "rummathon hard vs 3 normal": Match("rummathon", "hard", "normal", 4, 0.40),
    "rummathon hard vs 3 buying": Match("rummathon", "hard", _buying, 4, 0.0),  # no target: a stronger field
}


class Timed:
    """A bot whose decisions are timed (ms each)."""

    def __init__(self, bot: Bot):
        self.bot, self.times = bot, []

    def choose(self, state, seat, rng):
        started = time.perf_counter()
        move = self.bot.choose(state, seat, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return move


def run(match: Match, games: int) -> dict | None:
    plugin = get_plugin(match.slug)
    if match.hero not in plugin.bots:
        return None
    hero = Timed(plugin.bots[match.hero])
    won = drawn = 0
    for seed in range(games):
        seat = seed % match.players
        field_bot = plugin.bots[match.field] if isinstance(match.field, str) else match.field()
        bots = [field_bot] * match.players
        bots[seat] = hero
        winners = play_game(match.slug, bots, seed, {**plugin.rules.info.default_options, **match.options})["winners"]
        won += seat in winners
        drawn += not winners
    low, high = wilson(won, games)
    times = sorted(hero.times)
    return {
        "won": won,
        "drawn": drawn,
        "rate": won / games,
        "low": low,
        "high": high,
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "met": low >= match.target,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", nargs="*", default=None, help="match names (default: all)")
    args = parser.parse_args(argv)
    names = args.only or list(MATCHES)
    header = f"{'match':28} {'games':>5} {'won':>5} {'rate':>6} {'95% interval':>14} {'target':>6}"
    print(header + f" {'p50 ms':>7} {'p95 ms':>7}")
    missed = False
    for name in names:
        match = MATCHES[name]
        outcome = run(match, args.games)
        if outcome is None:
            print(f"{name:28} no {match.hero} bot yet")
            continue
        missed |= not outcome["met"]
        interval = f"{outcome['low']:.1%}-{outcome['high']:.1%}"
        print(
            f"{name:28} {args.games:5} {outcome['won']:5} {outcome['rate']:6.1%} {interval:>14}"
            f" {match.target:6.0%} {outcome['p50']:7.1f} {outcome['p95']:7.1f}"
            + ("" if outcome["met"] else "  (target missed)")
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
