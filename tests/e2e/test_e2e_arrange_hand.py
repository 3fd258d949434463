"""Alice drags a card of her hand to another place with the mouse, and moves one with
Alt + arrow key; the server keeps her order, so a reload shows it the same, and the
initials' labels, which no longer hold, go at once."""

import pytest
from django.db import connections

from tables.actions import lifecycle
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CARDS = "#table [data-hand-card]"


def shown(page) -> list[str]:
    return page.locator(CARDS).evaluate_all("cards => cards.map(c => c.dataset.handCard)")


def saved(page, action):
    """Does `action` and waits for the server to keep the new order."""
    with page.expect_response(lambda r: r.url.endswith("/hand/") and r.request.method == "POST") as answer:
        action()
    assert answer.value.status == 204


def test_alice_drags_a_card_and_her_order_survives_a_reload(page, alice):
    from playwright.sync_api import expect

    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    connections.close_all()  # made inside Playwright's event loop: see play_bot_turns
    log_in(page)
    page.goto(game.get_absolute_url())
    page.wait_for_load_state("load")
    expect(page.locator(CARDS)).to_have_count(13)
    before = shown(page)
    letters = page.locator("#table .hand__letter:visible")
    expect(letters.first).to_be_visible()  # by initial, each group under its letter

    # The mouse: the first card, dropped past the fourth, in small steps as a hand moves.
    source = page.locator(CARDS).nth(0).bounding_box()
    target = page.locator(CARDS).nth(3).bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()

    def drop():
        page.mouse.move(target["x"] + target["width"] * 0.8, target["y"] + target["height"] / 2, steps=20)
        page.mouse.up()

    saved(page, drop)
    dragged = shown(page)
    assert dragged != before and sorted(dragged) == sorted(before)
    assert dragged.index(before[0]) > 0
    expect(letters).to_have_count(0)  # in her order now: a label would no longer hold

    page.reload()
    expect(page.locator(CARDS)).to_have_count(13)
    assert shown(page) == dragged
    expect(page.locator("#hand-arrange-hint")).to_contain_text("In your order.")
    expect(page.locator("#hand-arrange-hint")).to_be_visible()  # shown by the script that does what it says
    expect(page.locator("[data-hand-arrange]")).to_have_attribute("aria-describedby", "hand-arrange-hint")

    # The keyboard: the focused card swaps with the next one.
    first = page.locator(CARDS).nth(0)
    first.focus()
    saved(page, lambda: page.keyboard.press("Alt+ArrowRight"))
    moved = dragged[1:2] + dragged[:1] + dragged[2:]
    assert shown(page) == moved
    expect(page.locator(f'[data-hand-card="{dragged[0]}"]')).to_be_focused()
    page.reload()
    assert shown(page) == moved

    # One click sorts the hand again by initial.
    page.get_by_role("button", name="by initial").click()
    expect(page.get_by_role("button", name="by initial")).to_have_attribute("aria-pressed", "true")
    assert shown(page) == before
    assert page.console_errors == [] and page.csp_errors == []
