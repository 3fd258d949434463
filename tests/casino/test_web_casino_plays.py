"""Choosing a play: a hand card, then table cards and builds; the server says which plays
that selection allows, as buttons, or why none. htmx asks the plays view on each change;
without JavaScript "Show plays" posts the selection and the page comes back with it. It
never changes the game; a forged or refused move changes nothing either."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tests.casino.casino_web import HTMX, current, page, post_move, section, set_position

pytestmark = pytest.mark.django_db

BOB = ["9C", "8S", "KC", "3H"]
TABLE = ["5S", "4D", "9H", "KD"]


@pytest.fixture
def choosing(client, bob, friends):
    """Bob (seat 1, logged in) to play, holding BOB, with TABLE on the table."""
    game = set_position(friends, hands={1: BOB}, loose=TABLE, builds=[], turn=1)
    client.force_login(bob)
    return game


def plays(client, game, card, *picked, headers=HTMX):
    url = reverse("casino:plays", args=[game.pk])
    response = client.get(url, {"card": card, "pick": list(picked)}, **headers)
    return response, response.content.decode()


def buttons(html):
    return re.findall(r'<button type="submit" name="type" value="(\w+)"[^>]*>([^<]+)</button>', html)


def test_a_nine_on_five_four_and_nine_offers_the_capture_of_all_three(client, choosing, snapshot):
    before = snapshot(choosing)
    response, html = plays(client, choosing, "9C", "5S", "4D", "9H")
    assert response.status_code == 200
    assert "<section" not in html  # the panel alone
    assert buttons(html) == [("capture", "Capture 5♠ 4♦ 9♥")]
    fields = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]+)">', html)
    assert ("card", "9C") in fields and [v for n, v in fields if n == "loose"] == ["5S", "4D", "9H"]
    assert snapshot(choosing) == before


def test_a_three_on_a_five_offers_to_build_eight(client, choosing):
    _, html = plays(client, choosing, "3H", "5S")
    assert ("build", "Build 8") in buttons(html)


def test_a_selection_without_a_play_says_why(client, choosing):
    _, html = plays(client, choosing, "KC", "KD", "9H")
    assert not buttons(html)
    assert "casino-plays__why" in html and "✗ " in html
    _, html = plays(client, choosing, "3H", "9H")  # 3 + 9 = 12: no build, no capture
    assert not buttons(html) and "✗ " in html


def test_a_card_alone_offers_to_trail_it(client, choosing):
    _, html = plays(client, choosing, "8S")
    assert buttons(html) == [("trail", "Trail")]


def test_pressing_a_play_plays_it(client, choosing):
    _, html = plays(client, choosing, "9C", "5S", "4D", "9H")
    fields = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]+)">', html)
    fields = [(n, v) for n, v in fields if n != "version"] + [("type", "capture")]
    assert post_move(client, choosing, fields).status_code == 302
    state = current(choosing).state
    assert sorted(state["piles"][1]) == sorted(["9C", "5S", "4D", "9H"])
    assert state["table"]["loose"] == ["KD"]


def test_without_javascript_show_plays_comes_back_to_the_page_with_the_selection(client, bob, choosing):
    url = reverse("casino:plays", args=[choosing.pk])
    response = client.post(url, {"card": "9C", "pick": ["5S", "4D", "9H"]})
    assert response.status_code == 302
    assert response["Location"] == f"/games/{choosing.pk}/?card=9C&pick=5S&pick=4D&pick=9H#casino-plays"
    html = client.get(response["Location"]).content.decode()
    assert re.search(r'name="card" value="9C"[^>]* checked>', html)
    assert all(re.search(rf'name="pick" value="{card}"[^>]* checked>', html) for card in ("5S", "4D", "9H"))
    panel = section(html, 'id="casino-plays"', "</div>")
    assert ("capture", "Capture 5♠ 4♦ 9♥") in buttons(panel)


def test_the_page_ignores_a_selection_of_cards_i_do_not_hold(client, choosing, friends):
    theirs = friends.state["hands"][0][0]
    html = page(client, None, choosing)  # nobody: no selection at all
    assert 'id="casino-plays"' not in html
    client.force_login(choosing.seat_list[1].user)
    html = client.get(reverse("game", args=[choosing.pk]), {"card": theirs}).content.decode()
    assert f'data-card="{theirs}"' not in html


def test_only_the_player_to_act_gets_plays(client, alice, choosing):
    client.force_login(alice)
    response, html = plays(client, choosing, "9C", "5S")
    assert response.status_code == 403 and "only on your turn" in html
    client.logout()
    response, _ = plays(client, choosing, "9C", "5S")
    assert response.status_code == 403


def test_a_forged_move_is_refused_and_changes_nothing(client, choosing, snapshot):
    before = snapshot(choosing)
    for fields in (
        [("type", "capture"), ("card", "AS"), ("loose", "5S")],  # a card bob does not hold
        [("type", "capture"), ("card", "9C"), ("loose", "5S")],  # 9 does not take a 5
        [("type", "build"), ("card", "3H"), ("loose", "5S"), ("value", "11")],  # over 10
        [("type", "cheat"), ("card", "9C")],
        [("type", "capture"), ("card", "<script>")],
        [("type", "ask"), ("ask_9", "5S")],
    ):
        response = post_move(client, choosing, fields, headers=HTMX)
        assert 400 <= response.status_code < 500, fields
        assert snapshot(choosing) == before, fields


def test_another_tables_plays_are_not_found(client, choosing, player):
    client.force_login(player("dave"))
    other = lifecycle.create_table(choosing.seat_list[0].user, "capitalla", seats=2)
    response = client.get(reverse("casino:plays", args=[other.pk]), {"card": "9C"}, **HTMX)
    assert response.status_code == 404


def test_a_poll_carrying_the_selection_brings_the_table_back_with_it(client, choosing):
    """casino.js adds the selection to the poll's query when the table moved on."""
    query = {"since": choosing.version - 1, "card": "9C", "pick": ["5S", "4D", "9H"]}
    response = client.get(reverse("game", args=[choosing.pk]), query, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert re.search(r'name="card" value="9C"[^>]* checked>', html)
    assert ("capture", "Capture 5♠ 4♦ 9♥") in buttons(section(html, 'id="casino-plays"', "</div>"))
