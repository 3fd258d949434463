"""No view, page or htmx answer shows a viewer another seat's hidden cards, a face-down
card (the stock and its order) or the seed while the game is on: through `rules.view`
in random legal games, and through the pages of a game played in the browser's way, for
every seat, a signed-in spectator and an anonymous visitor."""

import pytest
from contract_checks import check_pages_hide_secrets, check_views_hide_secrets, every_game, play_to_the_end
from toys.plugin import BROKEN, TOY

from games import services

SEEDS = range(4)
# The pages are fetched at every this many moves of a game.
PAGE_EVERY = 20


@every_game
@pytest.mark.parametrize("seed", SEEDS)
def test_views_hide_other_hands_the_stock_and_the_seed(plugin, seed):
    check_views_hide_secrets(plugin, seed)


def seated_table(plugin, people, spectator):
    """A dealt table of the game's fewest players, all people; its viewers by seat (None:
    the spectator; the anonymous visitor is left out of the map's seats)."""
    players = people(plugin.rules.info.min_players)
    game = services.create_table(players[0], plugin.slug, seats=len(players))
    for user in players[1:]:
        services.join_table(user, game.pk)
    game = services.start_table(players[0], game.pk)
    return game, dict(enumerate(players)), spectator


@pytest.fixture
def spectator(player):
    return player("dave", "Dave")


@pytest.mark.django_db
@every_game
def test_pages_hide_other_hands_the_stock_and_the_seed(plugin, site_client, people, spectator):
    game, players, _ = seated_table(plugin, people, spectator)

    def check(game):
        if game.version % PAGE_EVERY == 0:
            check_pages_hide_secrets(site_client, game, {**players, None: spectator})
            check_pages_hide_secrets(site_client, game, {None: None})

    play_to_the_end(game, seed=1, at_each=check)


def test_the_toy_game_hides_its_cards():
    check_views_hide_secrets(TOY, 0)


def test_a_view_showing_the_stock_is_caught():
    with pytest.raises(AssertionError, match="shows"):
        check_views_hide_secrets(BROKEN["peeking view"], 0)


@pytest.mark.django_db
def test_a_page_showing_the_stock_is_caught(toy_game, site_client, people, spectator):
    plugin = toy_game(BROKEN["peeking page"])
    check_views_hide_secrets(plugin, 0)  # the view keeps the secret: the page tells it
    game, players, _ = seated_table(plugin, people, spectator)
    with pytest.raises(AssertionError, match="shows seat 0"):
        check_pages_hide_secrets(site_client, game, players)
