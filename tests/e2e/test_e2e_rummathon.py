"""Alice plays Rummathon Royale against a bot in real Chromium, through htmx: she buys
extra cards after the deal, draws, builds her sequence in the group builder (each tick
checked live), lays it down, discards by tapping a card, and the bot's reply comes in by
the table's poll: all without a page load, a console error or a CSP violation.

The deal is random (start_table draws a fresh seed), so the test lays out the position it
needs in the database (every card stays in play once, `place`) and reloads the page.
"""

import pytest
from django.db import connections

from games.rummathon.engine.cards import colour, deck, is_flex, number
from games.rummathon.engine.rules import next_requirement
from tables.models import Game
from tests.e2e.keyboard import follow_skip_link
from tests.e2e.session import log_in
from tests.rummathon.rummathon_web import place

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

POLL_WAIT = 10_000
MARKER = "window.__sameRummathonPage"
BUSY = ".htmx-added, .htmx-settling, .htmx-swapping, .htmx-request"


def settled(page):
    page.wait_for_function(f"() => !document.querySelector('{BUSY}')")


def mark_page(page):
    page.wait_for_load_state("load")
    page.evaluate(f"{MARKER} = true")


def assert_same_page(page):
    assert page.evaluate(f"{MARKER} === true"), "the page was reloaded: htmx should have swapped the table"


def lay_out(**position) -> Game:
    """Sets the position of the one game in the database (from Playwright's event loop,
    where the ORM's connection must be closed after)."""
    try:
        return place(Game.objects.get(), **position)
    finally:
        connections.close_all()


def groups_for(requirement: list[dict]) -> list[list[str]]:
    """Natural cards making each group of `requirement`, no card used twice."""
    free = [card for card in deck() if not is_flex(card) and number(card)]
    made = []
    for item in requirement:
        size = item["size"]
        if item["kind"] == "set":
            value = next(n for n in range(1, 13) if sum(number(c) == n for c in free) >= size)
            cards = [c for c in free if number(c) == value][:size]
        elif item["kind"] == "colour":
            hue = next(h for h in "RYGB" if sum(colour(c) == h for c in free) >= size)
            cards = [c for c in free if colour(c) == hue][:size]
        else:
            numbers = {number(c) for c in free}
            start = next(s for s in range(1, 14 - size) if all(s + k in numbers for k in range(size)))
            cards = [next(c for c in free if number(c) == start + k) for k in range(size)]
        free = [c for c in free if c not in cards]
        made.append(cards)
    return made


def test_alice_buys_builds_her_sequence_lays_it_down_and_discards(page, alice, play_bot_turns):
    from playwright.sync_api import expect

    banner = page.locator(".turn-banner")
    log_in(page)
    page.get_by_label("Game").select_option(label="Rummathon Royale")
    page.get_by_role("spinbutton", name="Seats").fill("2")
    page.get_by_role("spinbutton", name="Bots").fill("1")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".table__title")).to_contain_text("Rummathon Royale")

    # 1. A later round's buying, laid out: alice has 30 points, the bot has chosen, and
    # alice plays first once she has.
    lay_out(phase="buy", scores=[30, 0], bought=[None, 0], turn=0, drawn=False)
    page.reload()
    mark_page(page)
    expect(banner).to_contain_text("Choose how many extra cards to buy")
    held = page.locator(".my-hand [data-hand-card]").count()
    page.get_by_role("spinbutton", name="Extra cards").fill("2")
    settled(page)
    page.get_by_role("button", name="Buy", exact=True).click()
    expect(page.locator(".history__list li").first).to_have_text("Alice bought 2 extra cards.")
    expect(page.locator(".my-hand [data-hand-card]")).to_have_count(held + 2)
    assert_same_page(page)

    # 2. Her turn: she draws from the deck.
    expect(banner).to_contain_text("Your turn:")
    settled(page)
    page.get_by_role("button", name="Draw from the deck").click()
    expect(page.locator(".history__list li").first).to_have_text("Alice drew from the deck.")
    assert_same_page(page)

    # 3. Her hand is laid out to hold her sequence and two more cards; she ticks each card
    # into its group of the builder, and the live check accepts the whole sequence.
    game = Game.objects.get()
    requirement = next_requirement(game.state, 0)
    groups = groups_for(requirement)
    rest = [c for c in deck() if number(c) and not any(c in g for g in groups)]
    hand = [c for g in groups for c in g] + rest[-3:-1]
    lay_out(hands={0: hand}, groups={}, discard=rest[-1:], turn=0, drawn=True)
    page.reload()
    mark_page(page)
    settled(page)
    for slot, cards in enumerate(groups, 1):
        for card in cards:
            page.locator(f'#builder label.gtoggle:has(input[name="g{slot}"][value="{card}"])').click()
            page.wait_for_function("() => !document.querySelector('.builder__live.htmx-request')")
    expect(page.locator("#builder-check .check--bad")).to_have_count(0)
    expect(page.locator("#builder-check")).to_contain_text("✓")
    page.locator("#builder").get_by_role("button", name="Lay down").click()
    expect(page.locator(".history__list li").first).to_contain_text("Alice laid down:")
    expect(page.locator(".my-hand [data-hand-card]")).to_have_count(2)
    assert_same_page(page)

    # 4. She discards by tapping a card; the bot's reply comes in by the poll.
    settled(page)
    page.locator(".rum-discards").get_by_role("button").first.click()
    expect(page.locator(".history__list li").first).to_contain_text("Alice discarded")
    play_bot_turns()
    expect(page.locator(".history__list li").first).not_to_contain_text("Alice", timeout=POLL_WAIT)
    assert_same_page(page)

    assert page.console_errors == []
    assert page.csp_errors == []


@pytest.fixture
def alices_rummathon(alice):
    """A game against three bots, dealt before the browser starts (see `lay_out`)."""
    from tables.actions import lifecycle

    return lifecycle.quick_game(alice, "rummathon")


def test_after_her_draw_a_keyboard_reaches_alices_moves_past_her_hand(alices_rummathon, page, alice):
    """Her hand in the group builder is dozens of controls; a link after the turn banner,
    seen once focused, goes past them to the turn's moves (the discards)."""
    lay_out(phase="play", turn=0, drawn=True, hands={0: [c for c in deck() if number(c)][:13]})  # no action card
    log_in(page)
    page.goto(alices_rummathon.get_absolute_url())
    settled(page)
    follow_skip_link(page)
    assert page.evaluate("() => document.getElementById('rum-moves').contains(document.activeElement)")
    assert page.evaluate("() => document.activeElement.closest('.rum-discards') !== null")
    assert page.console_errors == [] and page.csp_errors == []
