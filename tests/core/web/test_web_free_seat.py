"""Before the start the host may free a seat: a bot's, to make room for a friend, or a
player's. Nobody else may, and never once the cards are dealt."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def full_of_bots(alice):
    """Alice's public four-seat table, the other three seats bots."""
    return lifecycle.create_table(alice, "capitalla", seats=4, bots=3)


def free(client, game, index):
    return client.post(reverse("free_seat", args=[game.pk, index]), follow=True)


def test_the_host_frees_a_bot_seat_and_a_friend_takes_it(client, full_of_bots, alice, bob):
    client.force_login(alice)
    page = client.get(full_of_bots.get_absolute_url()).content.decode()
    assert page.count("Free this seat") == 3  # never her own
    assert "Every seat is taken: free one above to make room for a friend" in page
    response = free(client, full_of_bots, 2)
    assert "Seat 3 is free" in response.content.decode()
    assert "anyone may join it from the lobby too" in response.content.decode()
    assert sorted(Seat.objects.filter(game=full_of_bots).values_list("index", flat=True)) == [0, 1, 3]
    assert lifecycle.join_table(bob, full_of_bots.pk).index == 2


def test_the_host_may_free_a_player_s_seat(client, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    client.force_login(alice)
    said = free(client, game, 1).content.decode()
    assert not game.seats.filter(user=bob).exists()
    assert "Seat 2 is free: a friend may take it, or it becomes a bot at the start." in said


@pytest.mark.parametrize("table", [{"ante": 100}, {"rated": True, "timeout_policy": Game.TimeoutPolicy.FORFEIT}])
def test_a_seat_freed_at_a_table_without_bots_waits_for_a_person(client, alice, bob, table):
    # It said the seat "becomes a bot at the start": a table with an ante or a rating has none.
    game = lifecycle.create_table(alice, "capitalla", seats=2, **table)
    lifecycle.join_table(bob, game.pk)
    client.force_login(alice)
    said = free(client, game, 1).content.decode()
    assert "Seat 2 is free: the game can start once someone takes it." in said and "a bot" not in said


def test_only_the_host_before_the_start_and_never_their_own_seat(client, full_of_bots, alice, bob):
    client.force_login(bob)
    assert free(client, full_of_bots, 1).status_code == 403
    client.force_login(alice)
    response = free(client, full_of_bots, 0)
    assert response.status_code == 409 and "your own seat" in response.content.decode()
    lifecycle.start_table(alice, full_of_bots.pk)
    assert free(client, full_of_bots, 1).status_code == 409
    assert Seat.objects.filter(game=full_of_bots).count() == 4
    assert Game.objects.get(pk=full_of_bots.pk).status == Game.Status.ACTIVE


def test_freeing_a_free_seat_is_a_404(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    client.force_login(alice)
    assert free(client, game, 2).status_code == 404
