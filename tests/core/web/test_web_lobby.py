"""The lobby: listing tables, creating them, joining, leaving, starting, invite links."""

import pytest
from django.conf import settings
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game, Seat


@pytest.fixture
def open_table(alice):
    return lifecycle.create_table(alice, "capitalla", seats=3)


@pytest.fixture
def private_table(alice):
    return lifecycle.create_table(alice, "capitalla", seats=2, private=True)


def test_anonymous_visitors_see_public_open_tables_with_seats_and_host(client, open_table, bob):
    lifecycle.join_table(bob, open_table.pk)
    page = client.get(reverse("lobby")).content.decode()
    assert f"Capitalla #{open_table.pk}" in page
    assert "Host Alice" in page
    assert "Bob" in page
    assert "2 seated, 1 free" in page
    assert "free seat" in page


def test_a_staked_table_shows_its_ante_in_the_lobby(client, alice, open_table):
    staked = lifecycle.create_table(alice, "capitalla", seats=2, ante=50)
    page = client.get(reverse("lobby")).content.decode()
    row_of = {game.pk: page.split(f"#{game.pk}</a>")[1].split("</li>")[0] for game in (staked, open_table)}
    assert "Ante 50 chips" in row_of[staked.pk]
    assert "Ante" not in row_of[open_table.pk]


def test_private_tables_are_not_listed(client, bob, private_table):
    client.force_login(bob)
    page = client.get(reverse("lobby")).content.decode()
    assert f"Capitalla #{private_table.pk}" not in page
    assert private_table.invite_code not in page


def test_my_tables_lists_mine_including_private_ones(client, alice, private_table):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert "Your tables" in page
    assert f"Capitalla #{private_table.pk}" in page


def test_my_open_table_is_listed_once_under_my_tables(client, alice, bob, open_table):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert page.count(f"Capitalla #{open_table.pk}</a>") == 1
    assert "No one else has a table open right now." in page
    client.force_login(bob)
    page = client.get(reverse("lobby")).content.decode()
    assert page.count(f"Capitalla #{open_table.pk}</a>") == 1 and "Join" in page


def test_create_a_table(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("create_table"), {"kind": "capitalla", "seats": "4", "bots": "2", "bot_level": "easy", "private": "on"}
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.pk])
    assert (game.kind, game.num_seats, game.bot_level, game.private) == ("capitalla", 4, "easy", True)
    assert game.host == alice
    assert [s.is_bot for s in game.seats.all()] == [False, True, True]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "capitalla", "seats": "7", "bots": "0", "bot_level": "normal"}, "less than or equal to 6"),
        ({"kind": "capitalla", "seats": "1", "bots": "0", "bot_level": "normal"}, "greater than or equal to 2"),
        ({"kind": "capitalla", "seats": "3", "bots": "3", "bot_level": "normal"}, "Bots can fill at most 2 of 3 seats"),
        ({"kind": "chess", "seats": "2", "bots": "0", "bot_level": "normal"}, "not one of the available choices"),
        ({"kind": "capitalla", "seats": "2", "bots": "0", "bot_level": "genius"}, "not one of the available choices"),
        ({"kind": "capitalla", "seats": "two", "bots": "0", "bot_level": "normal"}, "Enter a whole number"),
        ({}, "This field is required"),
    ],
)
def test_an_invalid_table_is_not_created_and_the_form_says_why(client, alice, data, message):
    client.force_login(alice)
    response = client.post(reverse("create_table"), data)
    assert response.status_code == 400
    content = response.content.decode()
    assert "The table was not created" in content
    assert message in content
    assert Game.objects.count() == 0


def test_creating_needs_a_login(client, db):
    response = client.post(
        reverse("create_table"), {"kind": "capitalla", "seats": "2", "bots": "0", "bot_level": "normal"}
    )
    assert response.status_code == 302
    assert Game.objects.count() == 0


def test_join_then_leave(client, bob, open_table):
    client.force_login(bob)
    response = client.post(reverse("join", args=[open_table.pk]))
    assert response.status_code == 302
    assert open_table.seats.filter(user=bob).exists()
    page = client.get(reverse("game", args=[open_table.pk])).content.decode()
    assert "Leave the table" in page

    response = client.post(reverse("leave", args=[open_table.pk]))
    assert response.status_code == 302
    assert not open_table.seats.filter(user=bob).exists()
    assert Game.objects.get(pk=open_table.pk).status == Game.Status.OPEN


def test_joining_twice_is_refused(client, bob, open_table, snapshot):
    client.force_login(bob)
    client.post(reverse("join", args=[open_table.pk]))
    before = snapshot(open_table)
    response = client.post(reverse("join", args=[open_table.pk]))
    assert response.status_code == 409
    assert "already have a seat" in response.content.decode()
    assert snapshot(open_table) == before


def test_join_needs_post(client, bob, open_table):
    client.force_login(bob)
    assert client.get(reverse("join", args=[open_table.pk])).status_code == 405
    assert not open_table.seats.filter(user=bob).exists()


def test_the_host_leaving_closes_the_table(client, alice, open_table):
    client.force_login(alice)
    client.post(reverse("leave", args=[open_table.pk]))
    assert Game.objects.get(pk=open_table.pk).status == Game.Status.ABANDONED
    assert f"Capitalla #{open_table.pk}" not in client.get(reverse("lobby")).content.decode()


def test_the_host_starts_and_empty_seats_become_bots(client, alice, bob, open_table):
    lifecycle.join_table(bob, open_table.pk)
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "empty seats become bots" in lobby
    response = client.post(reverse("start", args=[open_table.pk]))
    assert response.status_code == 302
    game = Game.objects.get(pk=open_table.pk)
    assert game.status == Game.Status.ACTIVE
    assert [s.is_bot for s in game.seats.all()] == [False, False, True]


def test_a_staked_table_with_a_free_seat_offers_no_start_that_would_seat_a_bot(client, alice, bob):
    """A table with an ante seats only people, so its host cannot start it with a seat free."""
    staked = lifecycle.create_table(alice, "capitalla", seats=2, ante=50)
    client.force_login(alice)

    def row():
        page = client.get(reverse("lobby")).content.decode()
        return page.split(f"#{staked.pk}</a>")[1].split('<li class="table-row')[0]

    assert reverse("start", args=[staked.pk]) not in row()
    assert "Can start once every seat is taken" in row()
    lifecycle.join_table(bob, staked.pk)
    assert reverse("start", args=[staked.pk]) in row() and "(empty seats become bots)" not in row()


def test_only_the_host_may_start(client, bob, open_table, snapshot):
    lifecycle.join_table(bob, open_table.pk)
    before = snapshot(open_table)
    client.force_login(bob)
    response = client.post(reverse("start", args=[open_table.pk]))
    assert response.status_code == 403
    assert "Only the host" in response.content.decode()
    assert snapshot(open_table) == before
    assert Seat.objects.filter(game=open_table).count() == 2


def test_unknown_table_is_a_404(client, bob, db):
    client.force_login(bob)
    assert client.post(reverse("join", args=[999999])).status_code == 404
    assert client.post(reverse("start", args=[999999])).status_code == 404
    assert client.get(reverse("game", args=[999999])).status_code == 404


def test_invite_link_shows_the_private_table_and_joins_it(client, bob, private_table):
    client.force_login(bob)
    url = reverse("invite", args=[private_table.invite_code])
    page = client.get(url)
    assert page.status_code == 200
    content = page.content.decode()
    assert f"Capitalla #{private_table.pk}" in content
    assert "Join this table" in content
    assert f'action="{url}"' in content

    response = client.post(url)
    assert response.status_code == 302
    assert private_table.seats.filter(user=bob).exists()
    # Once seated, the normal game page is open to bob.
    assert client.get(reverse("game", args=[private_table.pk])).status_code == 200


def test_a_private_table_is_hidden_without_its_invite_link(client, bob, private_table, snapshot):
    before = snapshot(private_table)
    client.force_login(bob)
    assert client.get(reverse("game", args=[private_table.pk])).status_code == 404
    assert client.post(reverse("join", args=[private_table.pk])).status_code == 404
    assert client.get(reverse("invite", args=["not-a-code"])).status_code == 404
    assert snapshot(private_table) == before


def test_the_host_sees_the_invite_link_on_an_open_private_table(client, alice, private_table):
    client.force_login(alice)
    page = client.get(reverse("game", args=[private_table.pk])).content.decode()
    assert f"{settings.SITE_URL}/join/{private_table.invite_code}/" in page  # SITE_URL, not the request


def test_others_never_see_the_invite_code(client, alice, bob, open_table, private_table):
    lifecycle.join_table(bob, private_table.pk)
    client.force_login(bob)
    assert private_table.invite_code not in client.get(reverse("game", args=[private_table.pk])).content.decode()
    assert open_table.invite_code not in client.get(reverse("game", args=[open_table.pk])).content.decode()


def test_anonymous_invitee_is_asked_to_log_in(client, private_table):
    url = reverse("invite", args=[private_table.invite_code])
    page = client.get(url).content.decode()
    assert "Log in to join" in page
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert private_table.seats.count() == 1


def test_tables_with_a_free_seat_come_before_full_ones(client, alice, bob, charlie):
    with_room = lifecycle.create_table(alice, "capitalla", seats=3)
    full = lifecycle.create_table(bob, "capitalla", seats=2, bots=1)  # newer, but nobody can join
    client.force_login(charlie)
    page = client.get(reverse("lobby")).content.decode()
    assert page.index(f"Capitalla #{with_room.pk}</a>") < page.index(f"Capitalla #{full.pk}</a>")
