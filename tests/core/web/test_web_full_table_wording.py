"""A full table waits for its host's Start (lifecycle.start_table never deals by itself):
the lobby and the table's page say so, instead of "Waiting for players" over "0 free"."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_for_two(alice):
    return lifecycle.create_table(alice, "capitalla", seats=2)


def lobby_tag(client, user, game) -> str:
    """The status tag of the game's row in the lobby, as `user` sees it."""
    client.force_login(user)
    page = client.get(reverse("lobby")).content.decode()
    row = page.split(f"#{game.pk}</a>", 1)[1].split("</li>", 1)[0]
    return re.search(r'<span class="tag tag--open">([^<]+)</span>', row).group(1)


def waiting_room(client, user, game) -> str:
    """The waiting room of the table's page, its white space folded."""
    client.force_login(user)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    room = page.split('<div class="waiting panel">', 1)[1].split('<ol class="seat-list">', 1)[0]
    return " ".join(re.sub(r"<[^>]+>", "", room).split())


def test_a_table_with_a_free_seat_waits_for_players(client, alice, bob, charlie, table_for_two):
    assert lobby_tag(client, alice, table_for_two) == "Waiting for players"
    assert lobby_tag(client, charlie, table_for_two) == "Waiting for players"
    assert waiting_room(client, alice, table_for_two).startswith("Waiting for players Host: Alice · 1 free seat ·")


def test_a_full_table_waits_for_its_host_to_start(client, alice, bob, charlie, table_for_two):
    lifecycle.join_table(bob, table_for_two.pk)
    assert lobby_tag(client, bob, table_for_two) == "Waiting for the host to start"
    assert lobby_tag(client, charlie, table_for_two) == "Waiting for the host to start"
    room = waiting_room(client, bob, table_for_two)
    assert room.startswith("Waiting for the host to start Host: Alice · every seat is taken ·")
    assert room.endswith("The game is dealt when Alice presses Start.")
    assert "0 free" not in room and "Waiting for players" not in room


def test_the_host_of_a_full_table_is_told_to_start_it(client, alice, bob, table_for_two):
    lifecycle.join_table(bob, table_for_two.pk)
    assert lobby_tag(client, alice, table_for_two) == "Ready to start"
    room = waiting_room(client, alice, table_for_two)
    assert room.startswith("Every seat is taken: start when you are ready Host: Alice · every seat is taken ·")
    assert room.endswith("Press Start the game to deal.")


def test_a_full_table_played_for_chips_no_longer_says_it_waits_for_people(client, alice, bob):
    staked = lifecycle.create_table(alice, "capitalla", seats=2, ante=10)
    # The host starts it: it can start once full, not "starts once" full by itself.
    assert "it can start only once people take every seat" in waiting_room(client, bob, staked)
    lifecycle.join_table(bob, staked.pk)
    room = waiting_room(client, bob, staked)
    assert "every seat is taken · played for chips." in room and "once people take" not in room


def test_the_waiting_room_speaks_of_bots_only_where_they_will_play(client, alice, bob, table_for_two):
    assert "a seat still free at the start goes to a bot (normal)." in waiting_room(client, alice, table_for_two)
    lifecycle.join_table(bob, table_for_two.pk)
    assert "bot" not in waiting_room(client, alice, table_for_two)  # two people, no bot
    with_a_bot = lifecycle.create_table(alice, "capitalla", seats=3, bots=1)
    lifecycle.join_table(bob, with_a_bot.pk)
    assert "every seat is taken · bots play at level normal." in waiting_room(client, alice, with_a_bot)


def test_a_rated_table_waiting_for_people_says_its_host_can_start_it_only_once_full(client, alice, bob):
    rated = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy="forfeit")
    assert "rated: it can start only once people take every seat." in waiting_room(client, bob, rated)
