"""Bots at a table played for chips would ante from the house, the bots' purse, and a
host who beats them takes chips nobody owned. A table with an ante seats only people."""

import pytest
from django.urls import reverse

from ledger import chips
from tables.actions import errors, lifecycle, player_moves
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]


def test_creating_a_staked_table_with_bots_is_refused(alice):
    with pytest.raises(errors.ServiceError, match="seats only people"):
        lifecycle.create_table(alice, "capitalla", seats=4, bots=3, ante=50)
    with pytest.raises(errors.ServiceError, match="seats only people"):
        lifecycle.create_table(alice, "capit", seats=4, bots=4, ante=50)  # the host only watching
    assert not Game.objects.exists()


def test_starting_a_staked_table_with_free_seats_to_fill_with_bots_is_refused(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=50)
    lifecycle.join_table(bob, game.pk)
    with pytest.raises(errors.Conflict, match="wait for every seat to be taken"):
        lifecycle.start_table(alice, game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.seats.count() == 2 and game.state is None
    assert chips.balance_of(alice) == chips.balance_of(bob) == 1000 - 50  # paid on sitting down, held


def test_the_lobby_form_refuses_bots_at_a_staked_table(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("create_table"), {"kind": "capitalla", "seats": "4", "bots": "2", "bot_level": "normal", "ante": "50"}
    )
    assert response.status_code == 400
    assert "seats only people" in response.text
    assert not Game.objects.exists()


def test_the_start_button_of_a_staked_table_with_free_seats_says_why_not(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=50)
    client.force_login(alice)
    response = client.post(reverse("start", args=[game.pk]))
    assert response.status_code == 409
    assert "seats only people" in response.text
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN


def test_a_rematch_of_a_staked_game_seats_no_bots(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=20)
    lifecycle.join_table(bob, game.pk)
    finished = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    following = lifecycle.rematch(bob, finished.pk)
    assert following.status == Game.Status.OPEN and following.ante == 20
    assert [s.user for s in following.seat_list] == [bob]  # Alice's seat waits for her, not for a bot
    with pytest.raises(errors.Conflict, match="seats only people"):
        lifecycle.start_table(bob, following.pk)
    lifecycle.rematch(alice, finished.pk)
    assert lifecycle.start_table(bob, following.pk).status == Game.Status.ACTIVE
