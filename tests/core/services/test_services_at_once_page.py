"""The shared clock of a step where the seats act at once, as the pages show it: who is
still to choose and until when, the extra-time button for those who may give it, the
header's count of games waiting for me, and the lobby's clock line."""

import pytest
from django.urls import reverse

from tables.actions import player_moves
from tables.context_processors import waiting_count
from tables.presenters import present_table

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}


def test_the_clock_names_everyone_still_to_choose(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    bobs, _ = present_table(game, bob)
    assert bobs["clock"] == {
        "name": "Alice and you",
        "at_once": True,
        "is_me": True,
        "deadline": game.deadline,
        "turn_seconds": 900,
    }
    assert not bobs["can_extra_time"]
    charlies, _ = present_table(game, charlie)
    assert charlies["clock"]["name"] == "Alice and Bob" and not charlies["clock"]["is_me"]
    assert charlies["can_extra_time"]


def test_the_page_says_who_is_to_choose_by_when(client, picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    client.force_login(charlie)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert '<span class="clock__label">Alice and Bob to choose:</span>' in html
    assert 'data-turn-seconds="900"' in html and ", then a bot chooses</span>" in html
    assert "Give Alice and Bob more time" in html
    client.force_login(alice)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert '<span class="clock__label">You and Bob to choose:</span>' in html
    assert "more time</button>" not in html


def test_the_header_counts_the_game_for_those_still_to_choose(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    assert (waiting_count(alice), waiting_count(bob)) == (1, 1)
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert (waiting_count(alice), waiting_count(bob)) == (0, 1)
    player_moves.play_move(bob, game.pk, game.version, ONE)  # the turns begin: Alice's clock
    assert (waiting_count(alice), waiting_count(bob)) == (1, 0)


def test_the_lobby_shows_the_shared_clock(client, picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    player_moves.play_move(charlie, game.pk, game.version, ONE)
    client.force_login(charlie)
    assert "Alice and Bob’s clock:" in client.get(reverse("my_games")).content.decode()
