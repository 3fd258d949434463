"""The name a seat is shown under follows its player's display name."""

import pytest

from tables.actions import lifecycle
from tables.models import Seat

pytestmark = pytest.mark.django_db


def test_a_seat_takes_its_players_name_and_a_bot_seat_its_level(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)
    assert [seat.name for seat in game.seats.all()] == ["Alice", "Bot 2 (normal)"]


def test_a_player_who_renames_themself_plays_under_the_new_name_at_every_table(alice, bob):
    first = lifecycle.create_table(alice, "capitalla", seats=2)
    second = lifecycle.create_table(bob, "capitalla", seats=2)
    lifecycle.join_table(alice, second.pk)
    alice.display_name = "Ana"
    alice.save()
    assert {seat.game_id: seat.name for seat in Seat.objects.filter(user=alice)} == {first.pk: "Ana", second.pk: "Ana"}
    alice.display_name = ""
    alice.save()
    assert set(Seat.objects.filter(user=alice).values_list("player_name", flat=True)) == {"alice"}


def test_a_login_stamp_does_not_touch_the_seats(alice, django_assert_num_queries):
    lifecycle.create_table(alice, "capitalla", seats=2)
    with django_assert_num_queries(1):  # the user's own UPDATE, nothing for the seats
        alice.save(update_fields=["last_login"])
