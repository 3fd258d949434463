"""Table talk in real Chromium: Alice sends a line (htmx, the field empties), Bob's answer
comes in by the table's poll though nobody moved; no page load, no console error."""

import pytest
from django.db import connections

from tables.actions import table_talk
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_alice_and_bob_talk_at_the_table(alices_turn, bob, page):
    from playwright.sync_api import expect

    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    page.evaluate("window.__samePage = true")

    field = page.get_by_label("Say something to the table")
    field.fill("Good luck, Bob!")
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#chat-list")).to_contain_text("Alice Good luck, Bob!")
    expect(field).to_have_value("")

    try:  # Bob answers from elsewhere; the ORM call gets a connection of its own here
        table_talk.say(bob, alices_turn.pk, "Thanks, you too!")
    finally:
        connections.close_all()
    expect(page.locator("#chat-list")).to_contain_text("Bob Thanks, you too!", timeout=10_000)
    expect(page.locator("#chat-list li")).to_have_count(2)
    assert page.evaluate("window.__samePage === true")
    assert page.console_errors == [] and page.csp_errors == []
