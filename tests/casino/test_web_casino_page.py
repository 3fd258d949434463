"""The Casino page: the deal, the table row with its builds, my hand, the captured piles,
the score to 21, for a seat, a spectator and an anonymous visitor; what no other seat
ever sees."""

import re

import pytest

from games.casino.engine import sort_hand
from tests.casino.casino_web import HTMX, page, rendered_card_ids, section, set_position

pytestmark = pytest.mark.django_db

BUILD = {"id": "b1", "cards": ["2H", "6C"], "value": 8, "owner": 2, "multiple": False}


def test_the_player_to_act_sees_the_deal_the_table_row_and_a_hand_to_choose_from(client, bob, friends):
    html = page(client, bob, friends)
    view = friends.rules.view(friends.state, 1)
    assert "Deal 1" in html and "Dealer: Alice" in html and "Stock: 36 cards" in html
    assert "Your turn: play a card — capture, build or trail." in html
    hand = section(html, 'id="hand-title"')
    assert re.findall(r'data-card="([^"]+)"', hand) == sort_hand(view["hand"])
    assert re.findall(r'name="card" value="([^"]+)"', hand) == sort_hand(view["hand"])
    row = section(html, 'id="casino-row-title"')
    assert re.findall(r'name="pick" value="([^"]+)"', row) == view["table"]["loose"]
    assert "Choose a card of your hand, then the table cards or builds it plays on" in html
    assert "4 cards · 0 points" in html  # the others' hands and scores


def test_a_build_shows_as_a_stack_with_its_owner_and_value(client, bob, friends):
    hands = {1: ["8S", "3D", "KC", "4H"], 2: ["8H", "5C", "9D", "QS"]}
    set_position(friends, hands=hands, loose=["5S"], builds=[BUILD])
    html = page(client, bob, friends)
    build = section(html, 'value="b1"', "</li>")
    assert re.findall(r'data-card="([^"]+)"', build) == ["2H", "6C"]
    assert "Charlie's build of 8" in build
    multiple = {**BUILD, "cards": ["2H", "6C", "8D"], "multiple": True}
    set_position(friends, builds=[multiple])
    assert "Charlie's multiple build of 8" in page(client, bob, friends)


def test_a_waiting_player_sees_the_table_and_their_hand_but_no_choice(client, alice, friends):
    html = page(client, alice, friends)
    assert "Waiting for Bob." in html
    assert 'name="card"' not in html and 'name="pick"' not in html
    hand = section(html, 'id="hand-title"')
    assert set(re.findall(r'data-card="([^"]+)"', hand)) == set(friends.rules.view(friends.state, 0)["hand"])


@pytest.mark.parametrize("viewer", ["spectator", "anonymous"])
def test_a_spectator_and_a_visitor_see_the_table_but_no_hand(client, player, friends, viewer):
    user = player("dave") if viewer == "spectator" else None
    html = page(client, user, friends)
    assert 'id="hand-title"' not in html and 'name="card"' not in html
    assert "You are watching. Bob to play." in html or viewer == "anonymous"
    hands = {card for seat in range(3) for card in friends.rules.view(friends.state, seat)["hand"]}
    assert not rendered_card_ids(html) & hands
    assert set(friends.rules.view(friends.state, None)["table"]["loose"]) <= rendered_card_ids(html)


def test_no_seat_sees_another_seats_hand_on_the_page_nor_in_a_poll(client, alice, bob, charlie, friends):
    hands = {seat: set(friends.rules.view(friends.state, seat)["hand"]) for seat in range(3)}
    stock = set(friends.state["stock"])
    for seat, user in enumerate((alice, bob, charlie)):
        others = set().union(*(hands[s] for s in range(3) if s != seat)) | stock
        for headers in ({}, HTMX):
            html = page(client, user, friends, **headers)
            assert not rendered_card_ids(html) & others
            assert hands[seat] <= rendered_card_ids(html)


def test_each_card_shows_the_country_of_its_question(client, bob, friends):
    html = page(client, bob, friends)
    countries = friends.rules.view(friends.state, 1)["card_countries"]
    loose = friends.state["table"]["loose"][0]
    assert countries[loose] in section(html, f'data-card="{loose}"', "</span>\n</span>")


def test_the_score_runs_to_21(client, bob, friends):
    html = page(client, bob, friends)
    scores = section(html, 'id="casino-scores-title"')
    assert "first to 21" in html
    assert scores.count('<meter min="0" max="21" value="0"') == 3
    assert "(21 to go)" in scores


def test_sweeps_show_only_at_a_table_that_scores_them(client, bob, friends):
    state = friends.state
    state["sweeps"] = [0, 2, 0]
    friends.save(update_fields=["state"])
    assert "2 sweeps" not in page(client, bob, friends)
    state["options"]["sweeps"] = True
    friends.save(update_fields=["state"])
    assert "Bob</strong>: 0 cards, 0 spades, 2 sweeps" in page(client, bob, friends)
