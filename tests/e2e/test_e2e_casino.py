"""Alice plays a Casino capture in real Chromium, through htmx: she clicks a card of her
hand, then the table cards it takes; the plays panel offers the capture; she presses it,
puts no question to the bot, and the table comes back with her capture, all without a
page load, a console error or a CSP violation.

The deal is random (start_table draws a fresh seed), so once it is her turn the test lays
out her hand and the table row in the database (every card stays in play once) and
reloads the page before she chooses.
"""

import pytest
from django.db import connections

from tables.actions import lifecycle, player_moves, table_talk
from tables.models import Game
from tests.casino.casino_web import set_position
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

POLL_WAIT = 10_000
MARKER = "window.__sameCasinoPage"


def lay_out(**position):
    """Sets the position of the one game in the database (from Playwright's event loop,
    where the ORM's connection must be closed after)."""
    try:
        set_position(Game.objects.get(), **position)
    finally:
        connections.close_all()


BUSY = ".htmx-added, .htmx-settling, .htmx-swapping, .htmx-request"


def say(text: str):
    """The bot's seat cannot talk: alice's line, said through the services."""
    try:
        game = Game.objects.get()
        table_talk.say(game.seat_list[0].user, game.pk, text)
    finally:
        connections.close_all()


def settled(page):
    """Waits until htmx has answered and wired up what it swapped in."""
    page.wait_for_function(f"() => !document.querySelector('{BUSY}')")


def test_alice_captures_by_clicking_a_hand_card_and_the_table_cards(page, alice, play_bot_turns):
    from playwright.sync_api import expect

    banner = page.locator(".turn-banner")
    log_in(page)
    page.get_by_label("Game").select_option(label="Casino")
    page.get_by_label("Seats").fill("2")
    page.get_by_label("Bots").fill("1")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("button", name="Start the game").click()
    expect(banner).to_contain_text("Waiting for Bot 2")  # alice deals: the bot plays first
    play_bot_turns()
    expect(banner).to_contain_text("Your turn: play a card", timeout=POLL_WAIT)

    lay_out(hands={0: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[])
    page.reload()
    page.wait_for_load_state("load")
    page.evaluate(f"{MARKER} = true")

    plays = page.locator("#casino-plays")
    expect(plays).to_contain_text("Choose a card of your hand")
    page.locator('.casino-pick--hand:has(input[value="9C"])').click()
    expect(plays).to_contain_text("With the 9♣:")
    expect(plays.get_by_role("button", name="Trail")).to_be_visible()
    expect(page.get_by_role("button", name="Show plays")).to_be_hidden()  # for pages without JavaScript
    for card in ("5S", "4D", "9H"):
        page.locator(f'.casino-row .casino-pick:has(input[value="{card}"])').click()
        settled(page)
    capture = plays.get_by_role("button", name="Capture 5♠ 4♦ 9♥")
    expect(capture).to_be_visible()
    say("Take your time")  # the poll brings the line and the table again: the choice stays
    expect(page.locator(".chat")).to_contain_text("Take your time", timeout=POLL_WAIT)
    expect(page.locator('.casino-pick--hand input[value="9C"]')).to_be_checked()
    expect(page.get_by_role("button", name="Show plays")).to_be_hidden()  # in the new table too
    expect(capture).to_be_visible()
    page.locator('.casino-row .casino-pick:has(input[value="KD"])').click()
    expect(plays).to_contain_text("✗")  # a 9 does not take a king: the engine says why
    page.locator('.casino-row .casino-pick:has(input[value="KD"])').click()
    expect(capture).to_be_visible()
    settled(page)
    capture.click()

    expect(banner).to_contain_text("Your capture: put its cards' questions to your opponents")
    expect(page.locator("#ask-title")).to_be_visible()
    page.get_by_role("button", name="No questions").click()
    expect(banner).to_contain_text("Waiting for Bot 2")
    expect(page.locator(".history__list li").nth(1)).to_contain_text("Alice captured")
    expect(page.locator(".casino-row [data-card]")).to_have_count(1)  # the king is left
    assert page.evaluate(f"{MARKER} === true"), "the page was reloaded: htmx should have swapped the table"
    assert page.console_errors == [] and page.csp_errors == []
    try:
        state = Game.objects.get().state
    finally:
        connections.close_all()
    assert sorted(state["piles"][0]) == sorted(["9C", "5S", "4D", "9H"])


def test_a_casino_turn_fits_a_phone(phone, alice, bob, play_bot_turns):
    """At 390 px: my hand and the plays bar under it fit one screen, the bar sticks to
    the foot of the screen, every control is a 44 px target, nothing scrolls sideways;
    the same with the question panel after a capture and a question put to me."""
    from playwright.sync_api import expect

    from tests.e2e.layout import box, horizontal_scroll, inside_viewport, scroll_to_top_of, small_controls

    try:
        game = lifecycle.create_table(alice, "casino", seats=3, bots=1)
        lifecycle.join_table(bob, game.pk)
        game = lifecycle.start_table(alice, game.pk)  # bob (seat 1) plays first
        set_position(game, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
        game = Game.objects.get()
        capture = {"type": "capture", "card": "9C", "loose": ["9H"], "builds": []}
        game = player_moves.play_move(bob, game.pk, game.version, capture)
        game = player_moves.play_move(bob, game.pk, game.version, {"type": "ask", "questions": {"0": "9H"}})
    finally:
        connections.close_all()
    play_bot_turns()  # the bot in seat 2; then it is alice's turn
    log_in(phone)
    phone.goto(f"/games/{game.pk}/")
    expect(phone.locator(".turn-banner")).to_contain_text("Your turn: play a card")
    bobs = phone.locator(".question-card", has_text="Bob asks you: what is the capital of")
    expect(bobs).to_be_visible()  # (the bot may have asked her one too)

    def fits():
        assert horizontal_scroll(phone) == 0
        assert small_controls(phone) == []

    phone.evaluate("window.scrollTo(0, 0)")
    bar = box(phone.locator("#casino-plays"))
    assert inside_viewport(phone, bar) and bar["bottom"] >= phone.viewport_size["height"] - 1, bar
    hand = phone.locator(".my-hand")
    scroll_to_top_of(phone, hand)
    assert inside_viewport(phone, box(hand)) and inside_viewport(phone, box(phone.locator("#casino-plays")))
    fits()
    phone.locator(".casino-pick--hand").first.click()
    expect(phone.locator("#casino-plays")).to_contain_text("With the")
    fits()
    bobs.locator(".question-card__choice").first.click()
    expect(phone.locator(".asked")).to_contain_text("Alice answered")
    fits()
    assert phone.console_errors == [] and phone.csp_errors == []
