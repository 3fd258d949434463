"""No view, move, page or htmx answer shows a viewer another seat's hidden cards, a
face-down card (the stock and its order) or the seed while the game is on: through
`rules.view` and the moves in random legal games, and through the pages (page, history, htmx poll answer) of a
game played to its end, for every seat, a signed-in spectator and an anonymous visitor."""

import pytest
from contract_checks import (
    check_moves_name_no_hidden_card,
    check_pages_hide_secrets,
    check_views_hide_secrets,
    dealt_table,
    every_game,
    every_seed,
    play_to_the_end,
    seated_users,
)
from toys.plugin import BROKEN, TOY

# The pages are fetched at every this many moves of a game.
PAGE_EVERY = 30


@every_game
@every_seed
def test_views_hide_other_hands_the_stock_and_the_seed(plugin, seed):
    check_views_hide_secrets(plugin, seed)


@every_game
@every_seed
def test_moves_name_no_card_the_table_has_not_seen(plugin, seed):
    check_moves_name_no_hidden_card(plugin, seed)


def test_a_move_naming_the_card_it_draws_is_caught():
    check_moves_name_no_hidden_card(TOY, 0)
    with pytest.raises(AssertionError, match="names"):
        check_moves_name_no_hidden_card(BROKEN["telling moves"], 0)


@pytest.mark.django_db
@every_game
def test_pages_hide_other_hands_the_stock_and_the_seed(plugin, site_client, people, spectator):
    game = dealt_table(plugin, people)
    players = seated_users(game)

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
def test_a_page_showing_the_stock_is_caught(toy_game, site_client, people):
    plugin = toy_game(BROKEN["peeking page"])
    check_views_hide_secrets(plugin, 0)  # the view keeps the secret: the page tells it
    game = dealt_table(plugin, people)
    with pytest.raises(AssertionError, match="shows seat 0"):
        check_pages_hide_secrets(site_client, game, seated_users(game))
