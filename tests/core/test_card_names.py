"""Cards have spoken names (issue 20 §5): what a screen reader says instead of the glyphs
and the flag a card shows, "queen of spades" rather than "Q black spade suit", "France,
capital Paris" rather than "P flag France France Paris"."""

import pytest

from engine.cards import spoken, spoken_slot
from games.capit.presenter import pcard
from games.capitalla.engine import CARDS
from games.capitalla.presenter import card, spoken_name


@pytest.mark.parametrize(
    "card_id, name",
    [("QS:0", "queen of spades"), ("10H:1", "10 of hearts"), ("AD:0", "ace of diamonds"), ("JK:3", "joker")],
)
def test_a_standard_card_is_named_in_words(card_id, name):
    assert spoken(card_id) == name


def test_a_place_in_a_meld_is_named_in_words():
    assert spoken_slot("7H") == "7 of hearts"  # in a run
    assert spoken_slot("K") == "king"  # in a set


def test_a_cap_it_card_in_hand_is_named_and_a_two_says_it_is_wild():
    assert pcard("QS:0")["name"] == "queen of spades"
    assert pcard("2C:0")["name"] == "2 of clubs, wild"
    assert pcard("JK:1")["name"] == "joker"


def test_a_wild_card_on_the_table_says_what_it_stands_for():
    assert pcard("2C:0", "7H")["name"] == "2 of clubs, as 7 of hearts"
    assert pcard("JK:0", "Q")["name"] == "joker, as queen"
    assert pcard("2C:0", "2C")["name"] == "2 of clubs"  # a 2 standing for itself is natural


def test_a_capitalla_card_is_named_by_country_and_capital():
    assert spoken_name(CARDS["FRA"]) == "France, capital Paris"
    assert spoken_name(CARDS["BOL"]) == "Bolivia, capitals Sucre and La Paz"
    assert spoken_name(CARDS["EGY"]) == "Egypt, capital Cairo, joker"
    assert spoken_name(CARDS["ZAF"]) == "South Africa, capitals Pretoria, Cape Town and Bloemfontein, joker"


def test_a_capitalla_card_hides_its_flag_and_badge_from_screen_readers():
    face = card("FRA")
    assert '<span class="visually-hidden">France, capital Paris</span>' in face["face"]
    assert '<img class="card__flag" src="/static/vendor/flags/fr.svg" alt="" width="40" height="30">' in face["face"]
    assert 'aria-hidden="true">P</span>' in face["face"]
    assert 'aria-label="Discard France, capital Paris"' in face["discard_button"]
