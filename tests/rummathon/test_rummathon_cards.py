"""Rummathon Royale's 112 cards: their ids, what they are, their points and names."""

from collections import Counter

import pytest

from games.rummathon import engine as rummathon
from games.rummathon.engine import (
    action,
    colour,
    deck,
    face,
    hand_points,
    is_card,
    is_flex,
    number,
    points,
    sort_hand,
    spoken,
)


def test_the_deck_has_96_number_cards_and_16_action_cards():
    cards = deck()
    assert len(cards) == len(set(cards)) == 112
    numbers = [card for card in cards if number(card) is not None]
    assert len(numbers) == 96
    assert Counter(colour(card) for card in numbers) == {"R": 24, "Y": 24, "G": 24, "B": 24}
    assert Counter(number(card) for card in numbers) == {n: 8 for n in range(1, 13)}
    assert Counter(action(card) for card in cards if action(card)) == {
        "FLEX": 8,
        "BYPASS": 2,
        "BURDEN": 2,
        "DOUBLE_BURDEN": 1,
        "BLOCK": 2,
        "SABOTAGE": 1,
    }


def test_card_ids_follow_the_design_notation():
    cards = deck()
    assert {"R1:0", "B12:1", "Y12:0", "FLEX:0", "FLEX:7", "BYPASS:1", "BURDEN:1", "DOUBLE_BURDEN:0"} <= set(cards)
    assert {"BLOCK:1", "SABOTAGE:0"} <= set(cards)
    assert all(is_card(card) for card in cards)


@pytest.mark.parametrize(
    "bad", ["R13:0", "R0:0", "R1:2", "FLEX:8", "SABOTAGE:1", "R1", "r1:0", "R1:01", "JK:0", 7, None]
)
def test_an_id_outside_the_deck_is_no_card(bad):
    assert not is_card(bad)


def test_colour_number_and_action_of_a_card():
    assert (colour("Y12:1"), number("Y12:1"), action("Y12:1"), is_flex("Y12:1")) == ("Y", 12, None, False)
    assert (colour("FLEX:3"), number("FLEX:3"), action("FLEX:3"), is_flex("FLEX:3")) == (None, None, "FLEX", True)
    assert action("DOUBLE_BURDEN:0") == "DOUBLE_BURDEN"


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("R1:0", 5),
        ("G9:1", 5),
        ("B10:0", 10),
        ("Y12:1", 10),
        ("BYPASS:0", 15),
        ("BURDEN:1", 15),
        ("DOUBLE_BURDEN:0", 15),
        ("BLOCK:0", 15),
        ("SABOTAGE:0", 20),
        ("FLEX:5", 25),
    ],
)
def test_points_of_a_card_left_in_hand(card, value):
    assert points(card) == value


def test_hand_points_add_up():
    assert hand_points(["R1:0", "B10:0", "FLEX:0", "SABOTAGE:0"]) == 5 + 10 + 25 + 20
    assert hand_points([]) == 0
    assert sum(points(card) for card in deck()) == hand_points(deck()) == 72 * 5 + 24 * 10 + 8 * 25 + 7 * 15 + 20


def test_faces_and_spoken_names():
    assert [face(c) for c in ("Y12:0", "R1:1", "FLEX:3", "DOUBLE_BURDEN:0")] == ["Y12", "R1", "Flex", "Double Burden"]
    assert [spoken(c) for c in ("Y12:0", "B3:1", "FLEX:0", "SABOTAGE:0")] == ["yellow 12", "blue 3", "Flex", "Sabotage"]


def test_a_hand_sorts_by_colour_or_by_number_with_action_cards_last():
    hand = ["SABOTAGE:0", "B1:0", "R12:0", "FLEX:1", "R3:0", "Y3:1"]
    assert sort_hand(hand) == ["R3:0", "R12:0", "Y3:1", "B1:0", "FLEX:1", "SABOTAGE:0"]
    assert sort_hand(hand, "number") == ["B1:0", "R3:0", "Y3:1", "R12:0", "FLEX:1", "SABOTAGE:0"]
    assert rummathon.HAND_ORDERS[0] == "colour"
