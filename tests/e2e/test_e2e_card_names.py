"""What a screen reader says for the cards of my hand (issue 20 §5), read from Chromium's
accessibility tree: Capitalla cards by country and capital ("France, capital Paris"),
Cap-It cards in words ("queen of spades", "2 of clubs, wild", "joker"), and never a flag
emoji, a letter badge or a suit glyph.

The deals are seeded (seed 1, as in test_e2e_phone_layout.py)."""

import re

import pytest
from django.db import connections

from games.capitalla.engine import CARDS
from tables.actions import bot_play, player_moves
from tables.models import Game
from tests.e2e.test_e2e_phone_layout import deal, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Flags are pairs of regional indicator letters; suits and the joker's star are glyphs.
GLYPHS = re.compile("[\U0001f1e6-\U0001f1ff♠♥♦♣★]")
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def capitalla_name(card_id: str) -> str:
    c = CARDS[card_id]
    capitals = " and ".join([", ".join(c.capitals[:-1]), c.capitals[-1]] if len(c.capitals) > 1 else c.capitals)
    return f"{c.name}, capital{'s' if len(c.capitals) > 1 else ''} {capitals}{', joker' if c.is_joker else ''}"


def cap_it_name(card_id: str) -> str:
    face = card_id.partition(":")[0]
    if face == "JK":
        return "joker"
    rank, suit = face[:-1], face[-1]
    return f"{RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit]}" + (", wild" if rank == "2" else "")


def hand_cards(page) -> list[str]:
    return page.locator(".my-hand [data-hand-card]").evaluate_all("cards => cards.map(c => c.dataset.handCard)")


def assert_hand_names(page, name_of, discard: str):
    """Each card of my hand is named `name_of(id)`, its discard button `discard + name`, and
    nothing in my hand reads as a glyph."""
    from playwright.sync_api import expect

    cards = hand_cards(page)
    assert cards
    for card_id in cards:
        tile = page.locator(f'.my-hand [data-hand-card="{card_id}"]')
        # The card I just drew says so (issue 20 §2).
        expect(tile).to_have_accessible_name(re.compile(f"^{re.escape(name_of(card_id))}(, just drawn)?$"))
        expect(tile.get_by_role("button")).to_have_accessible_name(f"{discard}{name_of(card_id)}")
    spoken = page.locator(".my-hand").aria_snapshot()
    assert not GLYPHS.search(spoken), spoken


def test_capitalla_cards_are_named_by_country_and_capital(alice, monkeypatch, request):
    from playwright.sync_api import expect

    game = deal(alice, "capitalla", monkeypatch)
    try:
        player_moves.play_move(alice, game.pk, game.version, {"type": "draw", "from": "pile"})
    finally:
        connections.close_all()
    page = request.getfixturevalue("page")
    log_in(page)
    page.goto(f"/games/{game.pk}/")

    assert "ZAF" in hand_cards(page)  # a joker with three capitals
    assert_hand_names(page, capitalla_name, discard="Discard ")
    top = page.locator(".pile--discard [data-card]")
    # A button that shows the card's details, named as the card is.
    expect(top).to_have_role("button")
    expect(top).to_have_accessible_name(capitalla_name(top.get_attribute("data-card")))


def test_cap_it_cards_are_named_in_words(alice, monkeypatch, request):
    from playwright.sync_api import expect

    game = deal(alice, "capit", monkeypatch)
    while bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    player_moves.play_move(alice, game.pk, game.version, {"type": "take_discard"})
    game = Game.objects.get(pk=game.pk)
    connections.close_all()
    page = request.getfixturevalue("page")
    log_in(page)
    page.goto(f"/games/{game.pk}/")

    assert_hand_names(page, cap_it_name, discard="Discard the ")
    first = hand_cards(page)[0]
    chip = page.locator(f'#builder label.gtoggle--A:has(input[value="{first}"]) input')
    expect(chip).to_have_accessible_name(f"{cap_it_name(first)} in group A")
