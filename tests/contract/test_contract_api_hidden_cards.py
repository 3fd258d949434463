"""No API answer (the game, legal moves, the long-poll, my games, the log, a stale move's
409) shows a token's user another seat's hidden cards, a face-down card (the stock and
its order) or the seed while the game is on: for every game, at many positions of a game
played to its end, for every seat and a watcher."""

import pytest
from contract_checks import check_api_hides_secrets, dealt_table, every_game, play_to_the_end, seated_users
from toys.plugin import BROKEN

from api import tokens

# The API is asked at the deal, after the first move (so that a game of a few moves is
# asked in play too), and at every this many moves of a game.
ASK_EVERY = 15


def secret_of(user) -> str:
    return tokens.create(user, "contract", ["read", "play"])[1]


@pytest.mark.django_db
@every_game
def test_api_answers_hide_other_hands_the_stock_and_the_seed(plugin, site_client, people, spectator, settings):
    settings.API_READS_PER_MINUTE = settings.API_WRITES_PER_MINUTE = 100_000
    game = dealt_table(plugin, people)
    viewers = {seat: secret_of(user) for seat, user in seated_users(game).items()} | {None: secret_of(spectator)}
    asked = []

    def check(game):
        if (game.version % ASK_EVERY == 0 or game.version == 1) and game.status == game.Status.ACTIVE:
            check_api_hides_secrets(site_client, game, viewers)
            asked.append(game.version)

    game = play_to_the_end(game, seed=1, at_each=check)
    # Asked in play twice at least, whatever the game's length (it was in play at versions 0 .. end - 1).
    assert len(asked) >= min(2, game.version), f"{plugin.slug}: asked at only {asked}"


@pytest.mark.django_db
def test_an_api_answer_showing_the_stock_is_caught(toy_game, site_client, people):
    plugin = toy_game(BROKEN["peeking view"])  # its view shows the top of the stock
    game = dealt_table(plugin, people)
    viewers = {seat: secret_of(user) for seat, user in seated_users(game).items()}
    with pytest.raises(AssertionError, match="shows seat 0"):
        check_api_hides_secrets(site_client, game, {0: viewers[0]})
