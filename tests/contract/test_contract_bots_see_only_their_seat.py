"""A bot of every level sees only what a player sees (the create form promises it): at
positions of random games of every game, the hidden part of the state (the other hands,
the stock's order) is dealt again at random, consistently with the seat's view
(`GamePlugin.reshuffle_hidden`), and the bot chooses the same move in either world."""

import itertools
import random
from dataclasses import replace

import pytest
from contract_checks import every_game
from toys.plugin import TOY

from tables.actions.table_checks import BOT_LEVELS
from tests.bot_positions import bot_positions

POSITIONS = 40  # per game: every few moves of as many games as it takes, however short
WORLDS = 3  # reshuffles per position


def positions(plugin):
    """Positions of bot games (normal bots), with the seat to act: every few moves, game
    after game (a long game gives its POSITIONS in one, a game of a few moves in many)."""
    rules = plugin.rules
    normal = plugin.bots["normal"]
    return bot_positions(
        rules, normal, players=rules.info.min_players, options=plugin.quick_options, seeds=itertools.count(), every=7
    )


def check_sees_only_the_view(plugin, level: str = "hard") -> int:
    rules, bot, checked = plugin.rules, plugin.bots[level], 0
    assert plugin.reshuffle_hidden is not None, f"{plugin.slug}: a bot's promise needs reshuffle_hidden"
    for k, (state, seat) in enumerate(positions(plugin)):
        if k >= POSITIONS:
            break
        chosen = bot.choose(state, seat, random.Random(k))
        for world in range(WORLDS):
            other = plugin.reshuffle_hidden(state, seat, random.Random(1000 * k + world))
            assert rules.view(other, seat) == rules.view(state, seat), f"{plugin.slug}: the reshuffle changed the view"
            assert sorted(plugin.cards(other)) == sorted(plugin.cards(state)), f"{plugin.slug}: cards changed"
            assert bot.choose(other, seat, random.Random(k)) == chosen, (
                f"{plugin.slug}, position {k}: the {level} bot chose differently once the hidden cards moved"
            )
        checked += 1
    return checked


@every_game
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_chooses_from_what_its_seat_sees(plugin, level):
    if level not in plugin.bots:
        pytest.skip(f"{plugin.slug} offers no {level} bot")
    assert check_sees_only_the_view(plugin, level) >= 10


def test_a_bot_that_peeks_at_the_stock_is_caught():
    rules = TOY.rules

    class Peeker:
        def choose(self, state, seat, rng):
            moves = rules.legal_moves(state, seat)
            return moves[hash(str(state)) % len(moves)]  # the whole state, hidden parts too

    def reshuffle(state, seat, rng):
        return {**state, "noise": rng.random()}  # hidden: no view shows it

    toy = replace(TOY, bots={**TOY.bots, "hard": Peeker()}, reshuffle_hidden=reshuffle)
    with pytest.raises(AssertionError, match="chose differently"):
        check_sees_only_the_view(toy)
