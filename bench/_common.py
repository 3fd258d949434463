"""What the engine bench scripts share. A script here runs as `python bench/<script>.py`,
so this folder is on sys.path and the script imports this module first (`from _common
import ...`); importing it puts the repository root on sys.path for `games`. A game's own
benches (`python games/<slug>/bench/<script>.py`) put the repository root on sys.path
themselves, then import this module first as `bench._common`. Either way, importing it sets
Django up, which registers the games."""

import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The games reach the engine's registry through their plugins, loaded by django.setup();
# a benchmark is development, so DEBUG is on unless said otherwise (`make bench` says so).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
os.environ.setdefault("DEBUG", "1")
django.setup()

from engine.bots import play  # noqa: E402  (needs ROOT on sys.path and the games registered)
from engine.registry import get_rules  # noqa: E402


def wilson(wins, n, z=1.96):
    """Wilson's score interval for `wins` out of `n` (95% with the default z)."""
    centre = (wins + z * z / 2) / (n + z * z)
    half = z * math.sqrt(wins * (n - wins) / n + z * z / 4) / (n + z * z)
    return centre - half, centre + half


def time_bot_games(slug, games, endings):
    """Play seeds 0 to games-1 of `slug` between four "normal" bots in memory, timing
    each game: the sorted times in ms, the move counts, and a Counter of what
    `endings(final state)` yields over all games."""
    times, moves, counted = [], [], Counter()
    for seed in range(games):
        started = time.perf_counter()
        state = play(slug, ["normal"] * 4, seed)
        times.append((time.perf_counter() - started) * 1000)
        moves.append(state["moves"])
        counted.update(endings(state))
    return sorted(times), moves, counted


def print_game_times(noun, times, moves, endings, endings_heading):
    """The table of `time_bot_games`: a heading line and one row."""
    count = len(times)
    print(f"{noun:>5} {'median ms':>9} {'p90 ms':>7} {'max ms':>7} {'median moves':>12}  {endings_heading}")
    print(
        f"{count:5} {statistics.median(times):9.1f} {times[int(count * 0.9)]:7.1f} {times[-1]:7.1f}"
        f" {statistics.median(moves):12.0f}  {dict(endings)}"
    )


def play_game(slug, bots, seed, options):
    """A whole game between these bots (one per seat, any objects with `choose`), in memory,
    one `random.Random(seed)` handed to every seat: its result. bot_strength.py's matches
    and games/capitalla/bench/oracle.py play through it."""
    rules, rng = get_rules(slug), random.Random(seed)
    state = rules.new_game(len(bots), options, seed)
    while to_act := rules.to_act(state):
        for seat in to_act[:1]:
            state = rules.apply(state, seat, bots[seat].choose(state, seat, rng))
    return rules.result(state)
