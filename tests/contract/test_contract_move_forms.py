"""Every legal move, posted through the game's form as the browser does, is accepted:
in a game played to its end, at every position each legal move of the seat to act
round-trips through `move_fields` and `move_form`; the first few moves of each type are
also posted to the move URL (each in a savepoint rolled back) and logged as that move."""

from collections import Counter

import pytest
from contract_checks import check_legal_moves_accepted, dealt_table, every_game, play_to_the_end
from toys.plugin import BROKEN, TOY

pytestmark = pytest.mark.django_db


@every_game
def test_every_legal_move_is_accepted_from_the_form(plugin, site_client, people):
    posted = Counter()

    def check(game):
        if game.to_act:
            check_legal_moves_accepted(site_client, game, posted)

    play_to_the_end(dealt_table(plugin, people), seed=2, at_each=check)


def test_the_toy_game_accepts_its_moves(toy_game, site_client, people):
    game = dealt_table(toy_game(TOY), people)
    check_legal_moves_accepted(site_client, game)


def test_a_form_that_loses_a_field_is_caught(toy_game, site_client, people):
    game = dealt_table(toy_game(BROKEN["lost form field"]), people)
    with pytest.raises(AssertionError, match="is refused"):
        check_legal_moves_accepted(site_client, game)
