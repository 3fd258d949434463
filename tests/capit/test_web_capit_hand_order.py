"""Sorting my Cap-It hand by suit or by rank: my choice, kept on my seat, never a change
to the game. With htmx the builder's ticks survive the re-sort."""

import re

from django.urls import reverse

from games.capit.engine import sort_hand
from tests.capit.capit_web import current, post_move, set_hand

HAND = ["7H:0", "KS:0", "7C:0", "3C:0", "KH:0", "2D:0", "JK:1", "7S:1", "5C:0", "KD:1"]


def shown_hand(html: str) -> list[str]:
    """The cards of my hand's tiles, in the order shown."""
    tiles = html.split('id="hand-title"')[1].split('<ul class="phand" data-hand-list>')[1].split("</ul>")[0]
    return re.findall(r'data-card="([^"]+)"', tiles)


def sort_by(client, game, order, headers=None, **fields):
    return client.post(
        reverse("capit:hand_order", args=[game.pk]),
        {"sort": order, "version": game.version, **fields},
        **(headers or {}),
    )


def test_sort_hand_by_rank_keeps_equal_ranks_together_and_wild_cards_last():
    assert sort_hand(HAND, by="rank") == [
        "3C:0",
        "5C:0",
        "7S:1",
        "7H:0",
        "7C:0",
        "KS:0",
        "KH:0",
        "KD:1",
        "2D:0",
        "JK:1",
    ]
    assert sort_hand(HAND) == ["7S:1", "KS:0", "7H:0", "KH:0", "KD:1", "3C:0", "5C:0", "7C:0", "2D:0", "JK:1"]


def test_the_hand_is_sorted_by_suit_until_i_choose_rank_and_then_stays_so(client, building, snapshot):
    before = snapshot(building)
    page = client.get(building.get_absolute_url()).content.decode()
    assert shown_hand(page) == sort_hand(HAND, by="suit")
    assert 'value="suit" class="hand-order__choice" aria-pressed="true"' in page

    response = sort_by(client, building, "rank")
    assert response.status_code == 302 and response["Location"] == building.get_absolute_url()
    page = client.get(building.get_absolute_url()).content.decode()
    assert shown_hand(page) == sort_hand(HAND, by="rank")
    assert 'value="rank" class="hand-order__choice" aria-pressed="true"' in page
    assert snapshot(building) == before  # the game did not change


def test_with_htmx_the_table_comes_back_re_sorted_with_the_ticks_kept(client, building, htmx):
    response = sort_by(client, building, "rank", htmx, kind_A="set", A=["7H:0", "7C:0"])
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert shown_hand(html) == sort_hand(HAND, by="rank")
    ticked = re.findall(r'name="A" value="([^"]+)" checked', html)
    assert sorted(ticked) == ["7C:0", "7H:0"]


def test_an_unknown_order_is_refused_and_changes_nothing(client, building):
    sort_by(client, building, "rank")
    response = sort_by(client, building, "colour")
    assert response.status_code == 400
    assert "Sort the hand by suit or by rank." in response.content.decode()
    page = client.get(building.get_absolute_url()).content.decode()
    assert shown_hand(page) == sort_hand(HAND, by="rank")


def test_a_capitalla_table_has_no_hand_order(client, alice, table):
    client.force_login(alice)
    assert sort_by(client, table, "rank").status_code == 404


def test_sorting_needs_a_post(client, building):
    assert client.get(reverse("capit:hand_order", args=[building.pk])).status_code == 405


def test_a_new_round_forgets_the_order_i_dragged_and_sorts_as_i_chose(client, bob, friends):
    # Bob dragged his round-1 hand into an order and chose to sort by rank; round 2 deals
    # him new cards (ids come round again), which are shown sorted by rank, not in the
    # old dragged order.
    game = set_hand(friends, 1, ["KC:0"], turn=1, phase="play", laid=True)
    client.force_login(bob)
    assert sort_by(client, game, "rank").status_code == 302
    seat = game.seats.get(index=1)
    seat.hand_order = ["KC:0"]
    seat.save(update_fields=["hand_order"])
    others = game.seats.get(index=0)
    others.hand_order = list(reversed(game.state["hands"][0]))
    others.save(update_fields=["hand_order"])

    assert post_move(client, game, [("type", "discard"), ("card", "KC:0")]).status_code == 302
    game = current(game)
    assert game.state["round"] == 2
    assert [s.hand_order for s in game.seats.order_by("index")] == [[], [], [], []]
    page = client.get(game.get_absolute_url()).content.decode()
    assert shown_hand(page) == sort_hand(game.state["hands"][1], by="rank")


def test_a_move_within_the_round_keeps_my_order(client, bob, friends):
    game = set_hand(friends, 1, ["KC:0", "5H:0", "9S:0"], turn=1, phase="play", laid=True)
    client.force_login(bob)
    seat = game.seats.get(index=1)
    seat.hand_order = ["9S:0", "KC:0", "5H:0"]
    seat.save(update_fields=["hand_order"])
    assert post_move(client, game, [("type", "discard"), ("card", "5H:0")]).status_code == 302
    assert game.seats.get(index=1).hand_order == ["9S:0", "KC:0", "5H:0"]
