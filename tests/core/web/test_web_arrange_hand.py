"""Arranging my hand through the web (a refusal: 400 to htmx; a plain request goes back to
the table with the reason): my drag's order (htmx: 204, the page shows it
already) or a sort (the table comes back sorted) is kept on my seat, so a reload and
the poll show my order; nobody else's page ever shows it, and a refusal changes nothing."""

import re

import pytest
from django.urls import reverse

from games.capitalla.presenter import by_initial

pytestmark = pytest.mark.django_db


def arrange(client, game, data, headers=None):
    return client.post(reverse("arrange_hand", args=[game.pk]), data, **(headers or {}))


def hand_of(game, index):
    return game.rules.view(game.state, index)["hand"]


def shown_hand(html: str) -> list[str]:
    """The cards of my hand as the page lists them."""
    return re.findall(r'data-hand-card="([^"]+)"', html)


def test_my_dragged_order_survives_a_reload_and_the_poll(client, alice, table, htmx, snapshot):
    before = snapshot(table)
    client.force_login(alice)
    order = by_initial(hand_of(table, 0))[::-1]
    response = arrange(client, table, {"card": order}, htmx)
    assert response.status_code == 204
    assert shown_hand(client.get(table.get_absolute_url()).content.decode()) == order
    poll = client.get(f"{table.get_absolute_url()}?since=-1&said=0", **htmx).content.decode()
    assert shown_hand(poll) == order
    assert snapshot(table) == before


def test_a_card_drawn_since_goes_after_my_order(client, alice, table):
    client.force_login(alice)
    order = by_initial(hand_of(table, 0))[::-1]
    arrange(client, table, {"card": order})
    client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"})
    shown = shown_hand(client.get(table.get_absolute_url()).content.decode())
    assert shown[: len(order)] == order and len(shown) == len(order) + 1


def test_the_sort_button_resets_my_order_in_one_click(client, alice, table, htmx):
    client.force_login(alice)
    arrange(client, table, {"card": by_initial(hand_of(table, 0))[::-1]})
    response = arrange(client, table, {"sort": "initial"}, htmx)
    assert response.status_code == 200
    assert shown_hand(response.content.decode()) == by_initial(hand_of(table, 0))
    assert arrange(client, table, {"sort": "initial"}).status_code == 302  # without JavaScript


def test_my_order_never_shows_on_anyone_elses_page(client, alice, bob, charlie, table):
    client.force_login(alice)
    mine = by_initial(hand_of(table, 0))[::-1]
    arrange(client, table, {"card": mine})
    for viewer in (bob, charlie, None):
        client.logout()
        if viewer:
            client.force_login(viewer)
        html = client.get(table.get_absolute_url()).content.decode()
        assert not set(mine) & set(shown_hand(html))
        assert not any(f'"{card}"' in html for card in mine)
    client.force_login(bob)
    assert shown_hand(client.get(table.get_absolute_url()).content.decode()) == by_initial(hand_of(table, 1))


@pytest.mark.parametrize("data", [{}, {"card": ["XXX"]}, {"card": ["FRA", "FRA"]}, {"sort": "colour"}])
def test_bad_input_is_a_400_and_changes_nothing(client, alice, table, htmx, data):
    client.force_login(alice)
    assert arrange(client, table, data, htmx).status_code == 400
    assert arrange(client, table, data).status_code == 302  # back to the table, with the reason
    seat = table.seats.get(user=alice)
    assert (seat.hand_sort, seat.hand_order) == ("", [])


def test_another_players_cards_are_refused(client, alice, table, htmx):
    client.force_login(alice)
    response = arrange(client, table, {"card": hand_of(table, 1)}, htmx)
    assert response.status_code == 400
    assert table.seats.get(user=alice).hand_order == []


def test_only_my_own_seat(client, charlie, table, htmx):
    assert arrange(client, table, {"sort": "initial"}).status_code == 302  # to log in
    client.force_login(charlie)
    assert arrange(client, table, {"card": hand_of(table, 0)}, htmx).status_code == 403
    assert not table.seats.exclude(hand_order=[]).exists()
    missing = client.post(reverse("arrange_hand", args=[table.pk + 1000]), {"sort": "initial"}, **htmx)
    assert missing.status_code == 404


def test_arranging_needs_a_post(client, alice, table):
    client.force_login(alice)
    assert client.get(reverse("arrange_hand", args=[table.pk])).status_code == 405
