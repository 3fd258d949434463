"""Once a game is over, its replay shows a player, at each of their turns, what the hard
bot would have played there, beside what they played; nobody else sees hints for them."""

import random

import pytest

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(table, alice, bob, monkeypatch):
    """The conftest's table played to its end by normal bots' choices; the hard bot is
    the normal one here, so its hint is known."""
    plugin = table.plugin
    monkeypatch.setitem(plugin.bots, "hard", plugin.bots["normal"])
    game, rng, users = table, random.Random(1), {0: alice, 1: bob}
    while game.status == Game.Status.ACTIVE:
        seat = game.to_act[0]
        game = services.play_move(
            users[seat], game.pk, game.version, plugin.bots["normal"].choose(game.state, seat, rng)
        )
    return game


def replay_page(client, user, game, at):
    client.force_login(user)
    return client.get(f"/games/{game.pk}/replay/?at={at}").content.decode()


def test_at_my_turn_the_replay_shows_the_hard_bots_move_and_mine(client, alice, finished):
    page = replay_page(client, alice, finished, 0)  # the deal: Alice to play
    assert "The hard bot would play <strong>" in page
    assert "You played the same." in page or "You played <strong>" in page


def test_no_hint_at_someone_elses_turn_or_for_a_spectator(client, bob, charlie, finished):
    assert "The hard bot would play" not in replay_page(client, bob, finished, 0)
    assert "The hard bot would play" not in replay_page(client, charlie, finished, 0)


def test_a_game_without_a_hard_bot_shows_no_hint(client, alice, finished, monkeypatch):
    monkeypatch.delitem(finished.plugin.bots, "hard")
    assert "The hard bot would play" not in replay_page(client, alice, finished, 0)
