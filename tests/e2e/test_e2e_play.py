"""A newcomer signs up, opens a table against a bot and plays a turn in real Chromium."""

import os
import re
import tempfile
from pathlib import Path

import pytest

from tests.e2e.confirm import press_twice

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "capitalla-e2e"


def test_sign_up_open_a_table_and_play_a_turn_against_a_bot(page, play_bot_turns, no_declarations):
    from playwright.sync_api import expect

    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Display name").fill("Ana")
    page.get_by_label("Password", exact=True).fill("a-long-passphrase-42")
    page.get_by_label("Password confirmation").fill("a-long-passphrase-42")
    page.get_by_role("button", name="Sign up").click()

    page.get_by_label("Seats").fill("2")
    page.get_by_label("Bots").fill("1")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_contain_text("Your turn")

    page.get_by_role("button", name="Draw from the pile").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_contain_text("14 cards")
    # The pressed button is gone with the old table: the focus goes to the status line.
    expect(page.locator(".turn-banner")).to_be_focused()
    press_twice(page, page.locator("button[name=card]").first)  # "Discard <country> (<capital>)?"
    expect(page.locator(".history")).to_contain_text("Ana discarded")
    expect(page).not_to_have_title(re.compile("^Your turn"))  # the tab tells the bot is to play

    play_bot_turns()  # as the worker would; the page's poll brings the bot's moves in
    expect(page.locator(".history")).to_contain_text("Bot 2", timeout=10_000)
    # The bot discards (`no_declarations`: it would declare at once in about one deal in
    # thirty), so its turn ends with Ana's, whatever the deal; a poll may show its draw first.
    expect(page).to_have_title(re.compile(r"^Your turn · Capitalla #\d+ · Capitalla$"), timeout=10_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "after-bot-turn.png"), full_page=True)
    assert page.csp_errors == []
