"""The Rummathon page: what each phase shows, to whom, and what it never shows."""

import re

import pytest

from tests.rummathon.rummathon_web import page, place, section

pytestmark = pytest.mark.django_db


def test_the_player_to_act_sees_the_rule_cards_their_hand_and_the_draw(client, bob, friends):
    game = place(friends, hands={1: ["R3:0", "Y3:0", "G3:0", "B9:0", "FLEX:0"]}, discard=["R12:1", "B5:0"], turn=1)
    html = page(client, bob, game)
    assert "Round 1" in html and "Half variant" in html
    assert "rule-cards" in html and "Your rule card:" in html
    assert 'name="type" value="draw"' in html
    hand = section(html, 'id="hand-title"')
    assert set(re.findall(r'data-card="([^"]+)"', hand)) == {"R3:0", "Y3:0", "G3:0", "B9:0", "FLEX:0"}
