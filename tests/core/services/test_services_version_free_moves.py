"""Version-free moves (GamePlugin.version_free): applied whatever version the page showed,
since a live table moves between two polls; the engine alone judges them. Any other move
with a stale version is still refused with the fresh position (409)."""

import pytest
from django.urls import reverse

from tables.actions import errors, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}


def test_a_version_free_move_with_a_stale_version_is_applied(picks, alice, bob):
    game = picks(alice, bob)
    player_moves.play_move(bob, game.pk, 0, ONE)
    game = player_moves.play_move(alice, game.pk, 0, ONE)  # her page still showed version 0
    assert game.state["picks"] == [1, 1] and game.version == 2


def test_a_version_free_move_is_still_judged_by_the_engine(picks, alice, bob):
    game = picks(alice, bob)
    player_moves.play_move(alice, game.pk, 0, ONE)
    with pytest.raises(errors.ServiceError, match="Not now"):
        player_moves.play_move(alice, game.pk, 0, ONE)  # she has picked already
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_stale_move_of_another_type_is_refused_with_409(picks, alice, bob):
    game = picks(alice, bob)
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, ONE)
    with pytest.raises(errors.StaleVersion) as refused:
        player_moves.play_move(alice, game.pk, 1, {"type": "pass"})
    assert refused.value.status == 409
    assert Game.objects.get(pk=game.pk).version == 2


def test_the_move_page_applies_a_posted_version_free_move_with_a_stale_version(client, picks, alice, bob):
    game = picks(alice, bob)
    player_moves.play_move(bob, game.pk, 0, ONE)
    client.force_login(alice)
    response = client.post(reverse("move", args=[game.pk]), {"version": "0", "type": "pick", "number": "2"})
    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).state["picks"] == [2, 1]


def test_the_move_page_refuses_a_posted_stale_move_of_another_type(client, picks, alice, bob, htmx):
    game = picks(alice, bob)
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, ONE)
    client.force_login(alice)
    response = client.post(reverse("move", args=[game.pk]), {"version": "1", "type": "pass"}, **htmx)
    assert response.status_code == 409
    assert "The table moved on" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 2
