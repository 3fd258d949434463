"""Random legal games of every registered game: no crash, the cards conserved, and seed
plus moves rebuilding every state."""

import pytest
from contract_checks import check_cards_conserved, check_playouts_run, check_replay_identical, every_game, every_seed
from toys.plugin import BROKEN, TOY


@every_game
@every_seed
def test_random_legal_games_run(plugin, seed):
    check_playouts_run(plugin, seed)


@every_game
@every_seed
def test_random_legal_games_keep_every_card(plugin, seed):
    check_cards_conserved(plugin, seed)


@every_game
@every_seed
def test_seed_and_moves_rebuild_every_state(plugin, seed):
    check_replay_identical(plugin, seed)


def test_the_toy_game_keeps_the_contract():
    check_playouts_run(TOY, 0)
    check_cards_conserved(TOY, 0)
    check_replay_identical(TOY, 0)


def test_a_game_offering_a_move_it_refuses_is_caught():
    with pytest.raises(AssertionError, match="raised IllegalMove"):
        check_playouts_run(BROKEN["offering illegal moves"], 0)


def test_a_game_losing_cards_is_caught():
    with pytest.raises(AssertionError, match="lost"):
        check_cards_conserved(BROKEN["losing cards"], 0)


def test_a_game_its_seed_does_not_rebuild_is_caught():
    with pytest.raises(AssertionError, match="another game"):
        check_replay_identical(BROKEN["unrepeatable"], 0)
