"""A phone is a first-class table (issue 20): at 390 x 844 CSS px, touch, my whole hand and
the turn's action bar fit one screen, every control is a 44 x 44 px target, the page never
scrolls sideways, no card name breaks inside a word, no badge covers another, and the
lobby shows "Play now" first.

The deals are seeded: seed 1 gives Alice South Africa (a joker with three letters, whose
tags used to overlap) in Capitalla."""

import pytest
from django.db import connections

from games import services
from games.models import Game
from tests.e2e.layout import (
    box,
    broken_words,
    horizontal_scroll,
    inside_viewport,
    overlaps,
    scroll_to_top_of,
    small_controls,
)
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEED = 1


def deal(user, kind: str, monkeypatch) -> Game:
    """A seeded game against three bots. The ORM runs inside Playwright's event loop here,
    on a connection of its own: closed, or it would outlive the test database."""
    monkeypatch.setattr(services, "new_seed", lambda: SEED)
    try:
        return services.quick_game(user, kind)
    finally:
        connections.close_all()


def move(user, game: Game, action: dict) -> Game:
    try:
        return services.play_move(user, game.pk, game.version, action)
    finally:
        connections.close_all()


def assert_fits_a_phone(page):
    assert horizontal_scroll(page) == 0
    assert small_controls(page) == []


def assert_hand_and_action_bar_fit_one_screen(page, hand_selector: str, bar_selector: str):
    """Scrolled to my hand, the hand and the action bar under it are both on screen."""
    hand = page.locator(hand_selector)
    scroll_to_top_of(page, hand)
    hand_box, bar_box = box(hand), box(page.locator(bar_selector))
    assert inside_viewport(page, hand_box), hand_box
    assert inside_viewport(page, bar_box), bar_box
    assert hand_box["bottom"] <= bar_box["y"] + 0.5, (hand_box, bar_box)


def assert_action_bar_sticks(page, bar_selector: str):
    """At the top of the page the action bar is already at the foot of the screen."""
    page.evaluate("window.scrollTo(0, 0)")
    bar = box(page.locator(bar_selector))
    assert inside_viewport(page, bar), bar
    assert bar["bottom"] >= page.viewport_size["height"] - 1, bar


def assert_drawing_fits_a_phone(page, game: Game, button: str):
    """The game page at the start of my turn: the bar with the draw buttons sticks to the
    foot of the screen, and fits one screen with my hand."""
    from playwright.sync_api import expect

    log_in(page)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".action-bar")).to_contain_text(button)
    assert_action_bar_sticks(page, ".action-bar")
    assert_hand_and_action_bar_fit_one_screen(page, ".my-hand", ".action-bar")
    assert_fits_a_phone(page)


def test_the_lobby_shows_play_now_first_on_a_phone(phone, alice):
    log_in(phone)
    phone.goto("/")
    play_now = box(phone.get_by_role("heading", name="Play now against bots"))
    assert play_now["y"] < box(phone.get_by_role("heading", name="Your tables"))["y"]
    assert inside_viewport(phone, box(phone.get_by_role("button", name="Capitalla", exact=True)))
    assert_fits_a_phone(phone)


def test_a_capitalla_hand_of_14_cards_fits_a_phone_screen(phone, alice, monkeypatch):
    from playwright.sync_api import expect

    game = deal(alice, "capitalla", monkeypatch)
    assert_drawing_fits_a_phone(phone, game, "Draw from the pile")

    game = move(alice, game, {"type": "draw", "from": "pile"})
    phone.reload()
    expect(phone.locator(".my-hand .card")).to_have_count(14)
    scroll_to_top_of(phone, phone.locator(".my-hand"))
    assert inside_viewport(phone, box(phone.locator(".my-hand")))
    assert_fits_a_phone(phone)
    assert "ZAF" in phone.locator(".my-hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert overlaps(phone, ".card", ".card__badge", ".card__joker") == []
    assert broken_words(phone, ".card__country, .card__capital") == []
    assert phone.console_errors == [] and phone.csp_errors == []


def test_a_cap_it_hand_and_its_builder_fit_a_phone_screen(phone, alice, monkeypatch, play_bot_turns):
    game = deal(alice, "capit", monkeypatch)
    play_bot_turns()
    game = Game.objects.get()
    connections.close_all()
    assert_drawing_fits_a_phone(phone, game, "Push")

    move(alice, game, {"type": "take_discard"})
    phone.reload()
    # The group toggles are 44 x 44 targets, and the tickable hand with the builder's
    # buttons (lay down, discard) fits one screen.
    assert_hand_and_action_bar_fit_one_screen(phone, ".my-hand .phand", ".builder__go")
    assert_fits_a_phone(phone)
    assert phone.console_errors == [] and phone.csp_errors == []
