"""Resigning asks for confirmation without JavaScript."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle, player_moves
from tables.models import Game


def test_the_confirmation_page(client, alice, table):
    client.force_login(alice)
    page = client.get(reverse("resign", args=[table.pk]))
    assert page.status_code == 200
    assert "Yes, I resign" in page.content.decode()


def test_resign_without_ticking_the_box_changes_nothing(client, alice, table, snapshot, htmx):
    before = snapshot(table)
    client.force_login(alice)
    response = client.post(reverse("resign", args=[table.pk]), {})
    assert response.status_code == 400
    assert "Tick the box" in response.content.decode()
    response = client.post(reverse("resign", args=[table.pk]), {}, **htmx)
    assert response.status_code == 400
    assert "Tick the box" in response.content.decode()
    assert snapshot(table) == before


def test_resign_with_the_box_ticked_ends_a_two_player_game(client, alice, table):
    client.force_login(alice)
    response = client.post(reverse("resign", args=[table.pk]), {"confirm": "on"})
    assert response.status_code == 302
    game = Game.objects.get(pk=table.pk)
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [1]
    page = client.get(response["Location"]).content.decode()
    assert "Bob won" in page
    assert f"Seed: <code>{game.seed}</code>" in page


def test_strangers_cannot_resign_for_anyone(client, charlie, table, snapshot):
    before = snapshot(table)
    client.force_login(charlie)
    assert client.get(reverse("resign", args=[table.pk])).status_code == 404
    response = client.post(reverse("resign", args=[table.pk]), {"confirm": "on"})
    assert response.status_code == 302
    assert "not playing at this table" in client.get(response["Location"]).content.decode()
    assert snapshot(table) == before


@pytest.mark.parametrize("kind, seats", [("capitalla", 3), ("capit", 4)])
def test_a_resigned_seat_says_resigned_not_0_cards(client, alice, bob, charlie, kind, seats):
    """Its hand is set aside (the result shows it), so it holds no "0 cards"."""
    game = lifecycle.create_table(alice, kind, seats=seats, bots=seats - 3)
    for player in (bob, charlie):
        lifecycle.join_table(player, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(alice, game.pk)
    client.force_login(bob)
    seats_html = client.get(reverse("game", args=[game.pk])).content.decode().split('aria-label="Players"')[1]
    alice_row = seats_html.split("</li>")[0]
    assert 'tag--out">out</span>' in alice_row
    assert re.search(r'<span class="seat__cards">\s*(\d+ points?)?\s*</span>', alice_row), alice_row
