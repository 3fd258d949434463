"""A game's page and its htmx answer render for every seat, a signed-in spectator and an
anonymous visitor, from the deal to the end; a finished game's replay steps render.
(test_contract_hidden_cards.py fetches the same pages more often in the game.)"""

import pytest
from contract_checks import check_pages_render, dealt_table, every_game, play_to_the_end, seated_users
from toys.plugin import BROKEN, TOY

pytestmark = pytest.mark.django_db
# The pages are fetched at every this many moves of a game, and at its end.
PAGE_EVERY = 100


def viewers(game, spectator):
    return {**seated_users(game), "spectator": spectator, "anonymous": None}


@every_game
def test_pages_render_for_everyone_and_replays_step(plugin, site_client, people, spectator):

    def check(game):
        if game.version % PAGE_EVERY == 0 or not game.to_act:
            check_pages_render(site_client, game, viewers(game, spectator))

    play_to_the_end(dealt_table(plugin, people), seed=3, at_each=check)


def test_the_toy_game_renders(toy_game, site_client, people, spectator):
    game = play_to_the_end(dealt_table(toy_game(TOY), people), seed=3)
    check_pages_render(site_client, game, viewers(game, spectator))


def test_a_replay_step_that_does_not_render_is_caught(toy_game, site_client, people, spectator):
    game = play_to_the_end(dealt_table(toy_game(BROKEN["missing replay template"]), people), seed=3)
    with pytest.raises(AssertionError, match="replay step 0 answered 500"):
        check_pages_render(site_client, game, viewers(game, spectator))
