"""The rules page prints the six rule cards exactly as the engine has them."""

import re
from pathlib import Path

from django.contrib.auth.models import AnonymousUser
from django.template import RequestContext, Template

from games.rummathon.engine import RULE_CARDS, sequence_text

PAGE = Path(__file__).resolve().parents[2] / "games/rummathon/templates/rummathon/rules.html"


def printed_cards():
    """{card name: [its sequences as the page prints them]}."""
    html = PAGE.read_text()
    sections = re.findall(r'<h3 id="card-[a-z]+">(\w+)</h3>.*?<ol>(.*?)</ol>', html, re.S)
    return {name: [item.strip() for item in re.findall(r"<li>(.*?)</li>", items, re.S)] for name, items in sections}


def test_the_rules_page_prints_every_rule_card_as_the_engine_has_it():
    assert printed_cards() == {card["name"]: [sequence_text(seq) for seq in card["sequences"]] for card in RULE_CARDS}


def test_the_rules_page_gives_every_cards_points_and_the_variants():
    html = PAGE.read_text()
    for words in ("5 points each", "10 points each", "15 points each", "20 points", "25 points each"):
        assert words in html
    for variant in ("Half", "Even", "Odd"):
        assert f"<strong>{variant}</strong>" in html


def test_the_rules_page_renders_as_a_site_page(rf):
    """The page is a valid template on the site's base (the plugin that serves it at
    /rules/rummathon/ comes with the web part)."""
    request = rf.get("/rules/rummathon/")
    request.user = AnonymousUser()
    html = Template(PAGE.read_text()).render(RequestContext(request, {"game_name": "Rummathon Royale"}))
    assert "<h1>How to play Rummathon Royale</h1>" in html and html.count('class="rule-card"') == 6
