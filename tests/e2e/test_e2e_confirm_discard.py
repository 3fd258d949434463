"""A discard asks first, in the page (static/js/confirm.js): the first press on a card of
the hand marks it and asks "Discard the joker South Africa (…)? Press it again to confirm."
at the top of the screen, a status a screen reader reads; the second press discards. A press on
another card asks about that one instead; a press elsewhere, Escape or a few seconds put
the question away and discard nothing. No browser dialog ever opens.

Seed 1 gives Alice South Africa; she draws, then has 14 cards to discard from."""

import re

import pytest

from tests.e2e.confirm import PROMPT
from tests.e2e.layout import box, inside_viewport
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SOUTH_AFRICA = '.my-hand button[name=card][value="ZAF"]'


def drawn(page, game):
    from playwright.sync_api import expect

    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(page)
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Draw from the pile").click()
    expect(page.locator(".my-hand button[name=card]")).to_have_count(14)
    return dialogs


def test_the_first_press_asks_and_the_second_discards(alices_capitalla, page):
    from playwright.sync_api import expect

    dialogs = drawn(page, alices_capitalla)
    card, prompt = page.locator(SOUTH_AFRICA), page.locator(PROMPT)
    expect(prompt).to_be_hidden()
    card.click()
    expect(prompt).to_have_text(
        "Discard the joker South Africa (Pretoria / Cape Town / Bloemfontein)? Press it again to confirm."
    )
    expect(prompt).to_have_attribute("role", "status")
    expect(card).to_have_class(re.compile(r"\bis-armed\b"))
    assert inside_viewport(page, box(prompt))
    expect(page.locator(".my-hand button[name=card]")).to_have_count(14)  # nothing discarded yet

    card.click()
    expect(page.locator(".history")).to_contain_text("Alice discarded South Africa")
    expect(prompt).to_be_hidden()
    assert dialogs == [] and page.console_errors == [] and page.csp_errors == []


def test_another_card_a_press_elsewhere_or_escape_discard_nothing(alices_capitalla, page):
    from playwright.sync_api import expect

    dialogs = drawn(page, alices_capitalla)
    cards, prompt = page.locator(".my-hand button[name=card]"), page.locator(PROMPT)
    first, second = cards.nth(0), cards.nth(1)
    first.click()
    expect(prompt).to_be_visible()
    second.click()  # asks about the second card now, and the first is no longer marked
    expect(prompt).to_contain_text(f"{second.get_attribute('data-confirm')} Press it again")
    expect(page.locator(".is-armed")).to_have_count(1)
    expect(second).to_have_class(re.compile(r"\bis-armed\b"))

    page.locator(".history").click()
    expect(prompt).to_be_hidden()
    expect(page.locator(".is-armed")).to_have_count(0)
    second.click()  # asked again from the start: this press only asks
    expect(prompt).to_be_visible()
    page.keyboard.press("Escape")
    expect(prompt).to_be_hidden()
    expect(cards).to_have_count(14)
    assert dialogs == []


def test_the_keyboard_asks_and_discards_with_two_presses(alices_capitalla, page):
    from playwright.sync_api import expect

    drawn(page, alices_capitalla)
    page.locator(SOUTH_AFRICA).focus()
    page.keyboard.press("Enter")
    expect(page.locator(PROMPT)).to_contain_text("Discard the joker South Africa")
    page.keyboard.press("Enter")
    expect(page.locator(".history")).to_contain_text("Alice discarded South Africa")


def test_the_question_goes_away_by_itself(alices_capitalla, page):
    from playwright.sync_api import expect

    drawn(page, alices_capitalla)
    page.clock.install()
    page.locator(SOUTH_AFRICA).click()
    expect(page.locator(PROMPT)).to_be_visible()
    page.clock.run_for(6_500)
    expect(page.locator(PROMPT)).to_be_hidden()
    page.locator(SOUTH_AFRICA).click()  # a fresh question, not a discard
    expect(page.locator(PROMPT)).to_be_visible()
    expect(page.locator(".my-hand button[name=card]")).to_have_count(14)
