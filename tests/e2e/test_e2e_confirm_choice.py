"""Whether a discard asks first is the player's choice (decision 0044, the profile's "Ask
before a discard"), which static/js/confirm.js reads off the table: "never" discards at the
first press, "always" asks first whatever the pointer, and "touch" (the default) asks only
when the press came from a touch screen. Seed 1 gives Alice South Africa; she draws, then
has 14 cards to discard from."""

import pytest

from tests.e2e.confirm import PROMPT, questions_asked, record_questions
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SOUTH_AFRICA = '.my-hand button[name=card][value="ZAF"]'
DISCARDED = "Alice discarded South Africa"


@pytest.fixture
def discards_ask_first():
    """Not here: the page says the player's own choice (tests/e2e/conftest.py)."""


@pytest.fixture
def chosen(request, alice):
    """Alice's choice (`request.param`; None keeps the default), saved before the browser
    starts: ORM calls made inside Playwright's event loop get a connection of their own."""
    if request.param is not None:
        alice.confirm_discards = request.param
        alice.save(update_fields=["confirm_discards"])
    return request.param


def drawn(page, game):
    from playwright.sync_api import expect

    log_in(page)
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Draw from the pile").click()
    expect(page.locator(".my-hand button[name=card]")).to_have_count(14)
    record_questions(page)


@pytest.mark.parametrize("chosen", ["never", None], indirect=True)  # None: the default, "touch", with a mouse
def test_one_click_discards_without_a_question(chosen, alices_capitalla, page):
    from playwright.sync_api import expect

    drawn(page, alices_capitalla)
    page.locator(SOUTH_AFRICA).click()
    expect(page.locator(".history")).to_contain_text(DISCARDED)
    assert questions_asked(page) == [] and page.console_errors == []


@pytest.mark.parametrize("chosen", ["always"], indirect=True)
def test_always_takes_two_clicks(chosen, alices_capitalla, page):
    from playwright.sync_api import expect

    drawn(page, alices_capitalla)
    card = page.locator(SOUTH_AFRICA)
    card.click()
    expect(page.locator(PROMPT)).to_contain_text("Discard the joker South Africa")
    expect(page.locator(".my-hand button[name=card]")).to_have_count(14)  # nothing discarded yet
    card.click()
    expect(page.locator(".history")).to_contain_text(DISCARDED)


@pytest.mark.parametrize("chosen", [None, "never"], indirect=True)  # None: the default, "touch"
def test_a_tap_asks_first_only_for_touch(chosen, alices_capitalla, phone):
    from playwright.sync_api import expect

    drawn(phone, alices_capitalla)
    card = phone.locator(SOUTH_AFRICA)
    card.scroll_into_view_if_needed()
    card.tap()
    if chosen is None:
        expect(phone.locator(PROMPT)).to_contain_text("Discard the joker South Africa")
        expect(phone.locator(".my-hand button[name=card]")).to_have_count(14)  # nothing discarded yet
        card.tap()
    expect(phone.locator(".history")).to_contain_text(DISCARDED)
    assert len(questions_asked(phone)) == (1 if chosen is None else 0)
