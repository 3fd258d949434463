"""The Rummathon turn banner says what I may do now in one sentence, whichever of the
optional moves (declaring, taking, laying, hitting, action cards) I have: never "Your
turn: then discard."."""

import itertools
import re

import pytest
from django.template.loader import render_to_string

from tests.rummathon.rummathon_web import RULE_CARDS, page, place

pytestmark = pytest.mark.django_db

# A hand that lays nothing and holds no action card.
FILLER = ["R2:0", "Y5:0", "G9:0", "B10:0", "R11:0"]


def said(html: str) -> str:
    """The banner's text, its white space folded."""
    banner = re.search(r'<p class="turn-banner turn-banner--mine"[^>]*>(.*?)</p>', html, re.S)
    assert banner, "no turn banner of mine"
    return " ".join(banner.group(1).split())


def banner(**controls) -> str:
    return " ".join(render_to_string("rummathon/_my_turn.html", {"table": {"controls": controls}}).split())


def test_every_combination_of_moves_reads_as_one_sentence():
    sentence = re.compile(r"Your turn: [a-z][a-z ,]*[a-z]\.")
    for declare, takes in itertools.product([None, {"x": 1}], [{}, {0: [{"x": 1}]}]):
        text = banner(phase="play", drawn=False, declare=declare, takes=takes)
        assert sentence.fullmatch(text), text
    for lay, hits, hit_forms, actions in itertools.product(*[[None, [{"x": 1}]]] * 4):
        text = banner(phase="play", drawn=True, lay=lay, hits=hits, hit_forms=hit_forms, actions=actions)
        assert sentence.fullmatch(text), text
        assert ": then" not in text and ", ," not in text


@pytest.mark.parametrize(
    ("controls", "expected"),
    [
        ({}, "Your turn: discard a card."),
        ({"hit_forms": [1]}, "Your turn: hit, then discard."),
        ({"actions": [1]}, "Your turn: play action cards, then discard."),
        ({"hits": [1], "actions": [1]}, "Your turn: hit or play action cards, then discard."),
        ({"lay": {"x": 1}, "actions": [1]}, "Your turn: lay down your sequence, then discard."),
    ],
)
def test_after_drawing_the_banner_names_the_moves_i_have(controls, expected):
    assert banner(phase="play", drawn=True, **controls) == expected


def test_with_nothing_to_lay_hit_or_play_the_page_says_discard_a_card(client, bob, friends):
    game = place(friends, hands={1: FILLER}, turn=1, drawn=True, rule_card=RULE_CARDS)
    assert said(page(client, bob, game)) == "Your turn: discard a card."


def test_down_with_action_cards_the_page_says_hit_or_play_them(client, bob, bob_drawn):
    assert said(page(client, bob, bob_drawn)) == "Your turn: hit or play action cards, then discard."
