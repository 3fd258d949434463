"""Attack: probe a private table by polling it. A poll that finds nothing new answers 204
from one query; an outsider guessing a private table's seat, move and chat counts must
get the same 404 for a right guess as for a wrong one (and as for no table at all)."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from tables import views
from tables.actions import lifecycle, table_talk

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def waiting_private(alice, bob):
    """Alice's private three-seat table, Bob seated: two seats taken, no chat yet."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, private=True)
    lifecycle.join_table(bob, game.pk)
    return game


@pytest.fixture
def playing_private(waiting_private, alice, bob):
    """The same table dealt, with a line of chat."""
    game = lifecycle.start_table(alice, waiting_private.pk)
    table_talk.say(bob, game.pk, "hi")
    return game


def poll(client, game_id, **guess):
    return client.get(reverse("game", args=[game_id]), guess, **HTMX).status_code


@pytest.mark.parametrize("visitor", ["anonymous", "stranger"])
def test_guessing_a_waiting_private_table_s_seat_count_gets_404_right_or_wrong(
    client, charlie, waiting_private, visitor
):
    if visitor == "stranger":
        client.force_login(charlie)
    right, wrong = {"waiting": 2, "said": 0}, {"waiting": 1, "said": 0}
    assert poll(client, waiting_private.pk, **right) == 404
    assert poll(client, waiting_private.pk, **wrong) == 404
    assert poll(client, waiting_private.pk, waiting=2) == 404


@pytest.mark.parametrize("visitor", ["anonymous", "stranger"])
def test_guessing_a_private_game_s_move_and_chat_counts_gets_404_right_or_wrong(
    client, charlie, playing_private, visitor
):
    if visitor == "stranger":
        client.force_login(charlie)
    version = playing_private.version
    assert poll(client, playing_private.pk, since=version, said=1) == 404
    assert poll(client, playing_private.pk, since=version) == 404
    assert poll(client, playing_private.pk, since=version + 1, said=1) == 404
    assert poll(client, playing_private.pk + 1000, since=0) == 404


def test_a_player_s_unchanged_poll_of_a_private_table_asks_one_more_query(
    bob, playing_private, django_assert_num_queries
):
    """The poll's lookup, then the visibility rule for a private table (the view called
    directly, so that no session or user lookup is counted)."""
    request = RequestFactory().get(
        reverse("game", args=[playing_private.pk]), {"since": playing_private.version, "said": 1}
    )
    request.user = bob
    with django_assert_num_queries(2):
        response = views.game_page(request, playing_private.pk)
    assert response.status_code == 204


def test_an_unchanged_poll_of_a_public_table_never_asks_who_polls(table, django_assert_num_queries):
    request = RequestFactory().get(reverse("game", args=[table.pk]), {"since": table.version, "said": 0})
    request.user = SimpleLazyObject(lambda: pytest.fail("a public table's poll asked who polls"))
    with django_assert_num_queries(1):
        assert views.game_page(request, table.pk).status_code == 204
