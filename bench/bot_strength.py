"""The ladder of every game's bot levels: matches of many games, seats rotating, each with
the hero's win rate, Wilson's 95% interval and the hero's time per decision.

    python bench/bot_strength.py [--games N] [--seeds START:END] [--only NAME ...]

A match seats one bot under test (the hero) against a field of other bots; the hero's
seat moves round the table from game to game, and every game has its own seed. A game
the hero wins alone or shares the win of counts as won; a drawn game (no winner) as not
won. The targets are for the interval's lower bound ("Levels that climb"): a level beats
the level below it in at least 55% of heads-up games, or more than an even share (1 in
`players`) at a full table (Cap-It's smallest table is 4); normal beats a player who
picks uniformly among the legal moves (every other seat, at a full table) in at least 90%. A research match (a reference
player as the field) has no target. The script exits 1 if a match misses its target. A
match whose hero level the game does not offer is skipped: Cap-It offers no hard bot,
since its hard bot (kept as a reference) measured even with normal.
`--seeds` plays those seeds instead of 0 to N-1 (to split a match over two processes).
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

CLIMB, BEATS_RANDOM = 0.55, 0.90  # heads-up targets for the lower bound


@dataclass(frozen=True)
class Match:
    slug: str
    hero: str | Callable[[], Bot]  # a bot level of the game, or a maker of a reference bot
    field: str | Callable[[], Bot]  # the others' level, or a maker of a reference bot
    players: int
    target: float | None  # for the lower bound of the hero's win rate; None: research
    options: dict = field(default_factory=dict)

    @property
    def field_name(self) -> str:
        return self.field if isinstance(self.field, str) else self.field.__name__


def _gin():
    from games.capitalla.engine.bots import GinBot  # the reference player, not a lobby level

    return GinBot()


def _capit_hard():
    from games.capit.engine.hard import HardBot  # measured even with normal: not offered

    return HardBot()


def _buying():
    from games.rummathon.engine.bots import BuyingBot  # a reference player, not a lobby level

    return BuyingBot()


def _ladder(slug: str, players: int = 2, options: dict | None = None) -> dict[str, Match]:
    """A game's ladder: each level against the one below, and normal against random. At a
    full table (players > 2) the hero faces players - 1 of the level below, and the
    target is more than an even share; normal against random asks 90% at any table."""
    options = options or {}
    climb = CLIMB if players == 2 else 1 / players
    field = "" if players == 2 else f"{players - 1} "
    return {
        f"{slug} normal vs {field}easy": Match(slug, "normal", "easy", players, climb, options),
        f"{slug} hard vs {field}normal": Match(slug, "hard", "normal", players, climb, options),
        f"{slug} normal vs {field}random": Match(slug, "normal", "random", players, BEATS_RANDOM, options),
    }


# Casino with trivia scoring off: the bots' answers are chance, not play (decision 0043).
NO_TRIVIA = {"trivia_points": False}
MATCHES = {
    **_ladder("capitalla"),
    **_ladder("casino", options=NO_TRIVIA),
    **_ladder("capit", players=4),
    **_ladder("rummathon"),
    # Research: reference players and full tables, no target.
    "capitalla hard vs gin": Match("capitalla", "hard", _gin, 2, None),
    "capitalla normal vs gin": Match("capitalla", "normal", _gin, 2, None),
    "capit unoffered hard vs 3 normal": Match("capit", _capit_hard, "normal", 4, None),  # why no hard
    "capit normal vs 3 normal": Match("capit", "normal", "normal", 4, None),  # an even table's share
    "rummathon hard vs 3 normal": Match("rummathon", "hard", "normal", 4, None),
    "rummathon hard vs 3 buying": Match("rummathon", "hard", _buying, 4, None),
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


def run(match: Match, seeds: range) -> dict | None:
    plugin = get_plugin(match.slug)
    if isinstance(match.hero, str) and match.hero not in plugin.bots:
        return None
    hero = Timed(plugin.bots[match.hero] if isinstance(match.hero, str) else match.hero())
    won = drawn = 0
    for seed in seeds:
        seat = seed % match.players
        field_bot = plugin.bots[match.field] if isinstance(match.field, str) else match.field()
        bots = [field_bot] * match.players
        bots[seat] = hero
        winners = play_game(match.slug, bots, seed, {**plugin.rules.info.default_options, **match.options})["winners"]
        won += seat in winners
        drawn += not winners
    low, high = wilson(won, len(seeds))
    times = sorted(hero.times)
    return {
        "won": won,
        "drawn": drawn,
        "rate": won / len(seeds),
        "low": low,
        "high": high,
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "met": match.target is None or low >= match.target,
    }


def _seeds(args) -> range:
    if not args.seeds:
        return range(args.games)
    start, end = (int(part) for part in args.seeds.split(":"))
    return range(start, end)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seeds", default=None, help="START:END, instead of 0 to games-1")
    parser.add_argument("--only", nargs="*", default=None, help="match names (default: all)")
    args = parser.parse_args(argv)
    seeds = _seeds(args)
    header = f"{'match':32} {'games':>5} {'won':>5} {'rate':>6} {'95% interval':>14} {'target':>6}"
    print(header + f" {'p50 ms':>7} {'p95 ms':>7}", flush=True)
    missed = False
    for name in args.only or list(MATCHES):
        match = MATCHES[name]
        outcome = run(match, seeds)
        if outcome is None:
            print(f"{name:32} not offered: {match.slug} has no {match.hero} bot", flush=True)
            continue
        missed |= not outcome["met"]
        interval = f"{outcome['low']:.1%}-{outcome['high']:.1%}"
        target = "-" if match.target is None else f"{match.target:.0%}"
        print(
            f"{name:32} {len(seeds):5} {outcome['won']:5} {outcome['rate']:6.1%} {interval:>14}"
            f" {target:>6} {outcome['p50']:7.1f} {outcome['p95']:7.1f}"
            + ("" if outcome["met"] else "  (target missed)"),
            flush=True,
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
