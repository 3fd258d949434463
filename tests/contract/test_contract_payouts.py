"""A game played for chips pays out its whole pot: the plugin's payouts in random legal
games add up to the pot (round shares fixed once due, nothing early), and a staked table
played to its end through the services leaves its pot empty in the ledger, every seat
paid what the plugin says."""

import pytest
from contract_checks import check_ledger_pays_the_pot, check_payouts_sum_to_pot, every_game, every_seed, play_to_the_end
from toys.plugin import BROKEN, TOY

ANTE = 25


@every_game
@every_seed
def test_payouts_sum_to_the_pot(plugin, seed):
    check_payouts_sum_to_pot(plugin, seed)


def play_staked(plugin, staked):
    table = staked(plugin.slug, plugin.rules.info.min_players, ANTE, options=dict(plugin.quick_options))
    return play_to_the_end(table, seed=4)


@pytest.mark.django_db
@every_game
def test_the_ledger_pays_the_whole_pot(plugin, staked):
    check_ledger_pays_the_pot(play_staked(plugin, staked))


@pytest.mark.django_db
def test_the_toy_game_pays_its_pot(toy_game, staked):
    check_payouts_sum_to_pot(TOY, 0)
    check_ledger_pays_the_pot(play_staked(toy_game(TOY), staked))


def test_payouts_short_of_the_pot_are_caught():
    with pytest.raises(AssertionError, match="paid"):
        check_payouts_sum_to_pot(BROKEN["house cut"], 0)


@pytest.mark.django_db
def test_a_pot_the_ledger_does_not_empty_is_caught(toy_game, staked):
    game = play_staked(toy_game(BROKEN["house cut"]), staked)
    with pytest.raises(AssertionError, match="still holds 1"):
        check_ledger_pays_the_pot(game)
