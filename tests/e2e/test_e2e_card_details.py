"""A Capitalla card's details on a tap (issue 20 §1): on a phone (390 x 844, touch) the
compact cards cut their names short, so a tap on a card of my hand that is no discard
button, or on a card of the table, shows the whole name, the capitals, the letters and the
fact in a line under the hand; a second tap, Escape or its close button hides it. The
keyboard does the same (Enter on a focused card). The line covers nothing, its close
button is a 44 x 44 px target, and the page does not scroll sideways.

Seed 1 gives Alice South Africa (three capitals, a joker)."""

import pytest

from tests.e2e.layout import box, horizontal_scroll, inside_viewport, scroll_to_top_of, small_controls
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SOUTH_AFRICA = '.my-hand .card[data-card="ZAF"]'


def apart(a: dict, b: dict) -> bool:
    return a["right"] <= b["x"] or b["right"] <= a["x"] or a["bottom"] <= b["y"] or b["bottom"] <= a["y"]


def test_a_tap_on_a_hand_card_shows_its_details_and_a_second_tap_hides_them(alices_capitalla, phone):
    from playwright.sync_api import expect

    log_in(phone)
    phone.goto(alices_capitalla.get_absolute_url())
    details = phone.get_by_role("region", name="Card details")
    expect(details).to_have_count(0)

    phone.locator(SOUTH_AFRICA).tap()
    expect(details).to_contain_text("South Africa")
    expect(details).to_contain_text("Capitals: Pretoria / Cape Town / Bloemfontein")
    expect(details).to_contain_text("Letters: B/C/P · a joker")
    expect(details).to_contain_text("three capital cities")
    # Under the hand, covering none of it; nothing to tap is too small; no sideways scroll.
    assert apart(box(details), box(phone.locator(".my-hand .hand")))
    # Brought into view above the action bar that sticks to the foot of the screen.
    assert inside_viewport(phone, box(details))
    assert apart(box(details), box(phone.locator(".action-bar")))
    assert box(details)["right"] <= phone.viewport_size["width"]
    assert small_controls(phone) == []
    assert horizontal_scroll(phone) == 0

    # The table swapped in again (as a poll brings it) shows them still, and does not scroll
    # back to them: the player has scrolled away.
    phone.evaluate("window.scrollTo(0, 0)")
    phone.evaluate("""() => {
      document.getElementById('table').dataset.old = 'yes';
      htmx.ajax('GET', location.pathname, {target: '#table', swap: 'outerHTML'});
    }""")
    phone.wait_for_function("() => !document.getElementById('table').dataset.old")
    expect(phone.locator(f"{SOUTH_AFRICA}.card--detailed")).to_have_count(1)
    expect(details).to_contain_text("South Africa")
    assert phone.evaluate("window.scrollY") == 0

    phone.locator(SOUTH_AFRICA).tap()
    expect(details).to_have_count(0)
    assert phone.console_errors == [] and phone.csp_errors == []


def test_the_discard_piles_card_shows_its_details_and_the_close_button_hides_them(alices_capitalla, phone):
    from playwright.sync_api import expect

    log_in(phone)
    phone.goto(alices_capitalla.get_absolute_url())
    top = phone.locator(".pile--discard .card[data-card]")
    name = top.locator(".card__country").text_content().strip().replace("\u00ad", "")  # its soft hyphens
    scroll_to_top_of(phone, phone.locator(".piles"))  # clear of the action bar at the foot of the screen

    # A button that says whether its details are shown.
    expect(top).to_have_attribute("role", "button")
    expect(top).to_have_attribute("aria-expanded", "false")
    top.tap()
    details = phone.get_by_role("region", name="Card details")
    expect(details.locator(".card-details__name")).to_have_text(name)
    assert apart(box(details), box(phone.locator(".piles")))
    expect(top).to_have_attribute("aria-expanded", "true")
    expect(top).to_have_attribute("aria-controls", "card-details")

    details.get_by_role("button", name="Close the card's details").tap()
    expect(details).to_have_count(0)
    expect(top).to_have_attribute("aria-expanded", "false")
    assert phone.console_errors == [] and phone.csp_errors == []


def test_the_keyboard_opens_a_cards_details_and_escape_closes_them(alices_capitalla, phone):
    from playwright.sync_api import expect

    log_in(phone)
    phone.goto(alices_capitalla.get_absolute_url())
    phone.locator('.my-hand [data-hand-card="ZAF"]').focus()
    phone.keyboard.press("Enter")
    details = phone.get_by_role("region", name="Card details")
    expect(details).to_contain_text("South Africa")

    phone.keyboard.press("Escape")
    expect(details).to_have_count(0)
    # The table's cards take the focus too.
    expect(phone.locator(".pile--discard .card[data-card]")).to_have_attribute("tabindex", "0")


def test_a_discard_button_discards_instead_of_showing_details(alices_capitalla, phone):
    from playwright.sync_api import expect

    log_in(phone)
    phone.goto(alices_capitalla.get_absolute_url())
    phone.get_by_role("button", name="Draw from the pile").tap()
    expect(phone.locator(".my-hand button[name=card]")).to_have_count(14)
    phone.locator(SOUTH_AFRICA).tap()
    expect(phone.locator("#confirm-prompt")).to_contain_text("Discard the joker South Africa (")  # asked, not yet done
    expect(phone.get_by_role("region", name="Card details")).to_have_count(0)
    phone.locator(SOUTH_AFRICA).tap()
    expect(phone.locator(".my-hand button[name=card]")).to_have_count(0)  # discarded: the bot's turn
    expect(phone.locator(".history")).to_contain_text("discarded South Africa")
    expect(phone.get_by_role("region", name="Card details")).to_have_count(0)
