"""A table of bots only, dealt and played through the services, ends, and its log
replays to its final state."""

import pytest
from contract_checks import check_bot_game_finishes, every_game
from toys.plugin import BROKEN, TOY

pytestmark = pytest.mark.django_db


@every_game
def test_bot_games_finish(plugin, alice):
    check_bot_game_finishes(plugin, alice)


def test_a_toy_bot_game_finishes(toy_game, alice):
    check_bot_game_finishes(toy_game(TOY), alice)


def test_a_game_without_end_is_caught(toy_game, alice):
    with pytest.raises(AssertionError, match="did not finish"):
        check_bot_game_finishes(toy_game(BROKEN["endless"]), alice, max_turns=200)
