"""A player's first game of each game offers a tour of its table (decision 0045), on a
desktop screen as on a phone: taken, every step's bubble fits the screen, its buttons are
44 x 44 px targets, the focus is in it, and the part of the table it points at is on the
screen, not under the bubble; "Next" goes through to the end, and the page does not offer
it again. Skipped (the offer's Skip, or Escape in the tour), it is not offered again either."""

import pytest

from tables.actions import lifecycle
from tests.e2e.conftest import PHONE, recording_page
from tests.e2e.layout import MIN_TARGET, box, inside_viewport
from tests.e2e.session import log_in, on_the_server
from tests.e2e.test_e2e_accessibility import described, failing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GAMES = ["capitalla", "capit", "casino", "rummathon"]
DESKTOP = {"width": 1280, "height": 800}
OFFER = "[data-tour-offer]"
BUBBLE = "[data-tour]"

# The step's target as tour.js finds it (the first of its selectors the table shows), and
# whether some of it is on the screen outside the bubble.
TARGET_SEEN = """(step) => {
  const table = document.getElementById("table");
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const target = step.targets.map(s => [...table.querySelectorAll(s)].find(shown)).find(Boolean);
  if (!target) return "no target";
  const t = target.getBoundingClientRect(), b = document.querySelector("[data-tour]").getBoundingClientRect();
  const top = Math.max(t.top, 0), bottom = Math.min(t.bottom, innerHeight);
  if (bottom - top < 20 || t.right < 0 || t.left > innerWidth) return "off the screen";
  const under = t.left >= b.left && t.right <= b.right && top >= b.top && bottom <= b.bottom;
  return under ? "under the bubble" : "seen";
}"""


@pytest.fixture
def no_first_game_tour():
    """Not here: the tour is what these tests take (tests/e2e/conftest.py)."""


@pytest.fixture(params=GAMES)
def first_game(request, alice):
    """Alice's first game of `request.param`, against bots, made before the browser starts."""
    return lifecycle.quick_game(alice, request.param)


@pytest.fixture(params=["desktop", "phone"])
def screen(request, browser, site_url):
    if request.param == "phone":
        return recording_page(browser, site_url, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    return recording_page(browser, site_url, viewport=DESKTOP)


def opened(page, game):
    from playwright.sync_api import expect

    log_in(page)
    page.goto(game.get_absolute_url())
    expect(page.locator(OFFER)).to_be_visible()
    return page


def steps_of(page) -> list[dict]:
    """The tour's steps, as tour.js fetches them."""
    return page.request.get(page.locator(OFFER).get_attribute("data-tour-steps")).json()["steps"]


def assert_step_fits(page, number: int, steps: list[dict]):
    from playwright.sync_api import expect

    step = steps[number - 1]
    bubble = page.locator(BUBBLE)
    expect(bubble).to_be_visible()
    expect(bubble.locator("[data-tour-count]")).to_have_text(f"Step {number} of {len(steps)}")
    expect(bubble.locator(".tour__title")).to_have_text(step["title"])
    assert inside_viewport(page, box(bubble)), step["title"]
    assert page.evaluate("() => document.activeElement.matches('[data-tour]')")
    assert page.evaluate(TARGET_SEEN, step) == "seen", step["title"]
    for button in bubble.locator("button:visible").all():
        b = box(button)
        assert b["width"] >= MIN_TARGET - 0.5 and b["height"] >= MIN_TARGET - 0.5, button.inner_text()


def reported_done(page, press) -> None:
    """`press()` ends the tour: the page tells the site (204)."""
    with page.expect_response(lambda response: response.url.endswith("/tours/done/")) as answer:
        press()
    assert answer.value.status == 204


def not_offered_after_reload(page) -> None:
    """The page again: the table, and no offer of the tour."""
    from playwright.sync_api import expect

    page.reload()
    expect(page.locator("#table")).to_be_visible()
    assert page.locator(OFFER).count() == 0


def test_the_tour_goes_through_to_the_end(first_game, screen):
    from playwright.sync_api import expect

    page = opened(screen, first_game)
    steps = steps_of(page)
    assert 3 <= len(steps) <= 6
    page.get_by_role("button", name=f"Start the {len(steps)}-step tour").click()
    expect(page.locator(OFFER)).to_be_hidden()
    for number in range(1, len(steps) + 1):
        assert_step_fits(page, number, steps)
        if number < len(steps):
            page.locator("[data-tour-next]").click()
    reported_done(page, page.get_by_role("button", name="Done").click)
    expect(page.locator(BUBBLE)).to_be_hidden()
    not_offered_after_reload(page)
    assert page.console_errors == [] and page.csp_errors == []


@pytest.mark.parametrize("first_game", ["capit"], indirect=True)
def test_skipped_it_is_not_offered_again(first_game, page):
    from playwright.sync_api import expect

    opened(page, first_game)
    reported_done(page, page.locator(OFFER).get_by_role("button", name="Skip").click)
    expect(page.locator(OFFER)).to_be_hidden()
    not_offered_after_reload(page)


@pytest.mark.parametrize("first_game", ["casino"], indirect=True)
def test_escape_skips_the_tour(first_game, phone):
    from playwright.sync_api import expect

    opened(phone, first_game)
    phone.get_by_role("button", name="Start the 6-step tour").click()
    phone.locator("[data-tour-next]").click()
    expect(phone.locator(BUBBLE)).to_contain_text("Step 2 of 6")
    reported_done(phone, lambda: phone.keyboard.press("Escape"))
    expect(phone.locator(BUBBLE)).to_be_hidden()
    not_offered_after_reload(phone)


@pytest.mark.parametrize("first_game", ["rummathon"], indirect=True)
def test_the_offer_and_a_step_have_no_serious_violation(first_game, phone):
    from playwright.sync_api import expect

    opened(phone, first_game)
    found = failing(phone)
    assert not found, described(found)
    phone.get_by_role("button", name="Start the 5-step tour").click()
    expect(phone.get_by_role("dialog", name="The goal")).to_be_focused()
    found = failing(phone)
    assert not found, described(found)


@pytest.mark.parametrize("first_game", ["capit"], indirect=True)
def test_a_swap_keeps_the_step_and_finds_its_target_again(first_game, page, play_bot_turns):
    """The bots play while Alice reads "Your move", pointed at the turn banner: the table
    comes again with her draw buttons, and the step, still there, rings them."""
    from playwright.sync_api import expect

    opened(page, first_game)
    page.get_by_role("button", name="Start the 5-step tour").click()
    for _ in range(3):
        page.locator("[data-tour-next]").click()
    expect(page.locator(BUBBLE)).to_contain_text("Step 4 of 5")
    assert page.locator(".draw-choice").count() == 0
    page.evaluate("document.getElementById('table').__before = true")
    on_the_server(play_bot_turns)
    page.wait_for_function("() => !document.getElementById('table').__before")
    expect(page.locator(".draw-choice")).to_be_visible()
    expect(page.locator(BUBBLE)).to_contain_text("Step 4 of 5")
    page.wait_for_function(
        "() => { const r = document.querySelector('[data-tour-spot]').getBoundingClientRect(),"
        " b = document.querySelector('.draw-choice').getBoundingClientRect();"
        " return r.top <= b.top && r.bottom >= b.bottom && b.top >= 0 && b.bottom <= innerHeight; }"
    )
    assert inside_viewport(page, box(page.locator(BUBBLE)))
    assert page.evaluate(TARGET_SEEN, steps_of(page)[3]) == "seen"


@pytest.fixture
def bobs_open_table(alice, bob):
    """Alice's Capitalla table for two, Bob seated, not dealt yet."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return game


def test_a_deal_that_arrives_by_a_swap_brings_the_offer(bobs_open_table, alice, page):
    from playwright.sync_api import expect

    log_in(page, "bob")
    page.goto(bobs_open_table.get_absolute_url())
    expect(page.locator(OFFER)).to_be_attached()
    expect(page.locator(OFFER)).to_be_hidden()  # nothing to tour before the deal
    on_the_server(lambda: lifecycle.start_table(alice, bobs_open_table.pk))
    expect(page.locator(OFFER)).to_be_visible(timeout=15_000)  # the poll brings the dealt table
    page.get_by_role("button", name="Start the 5-step tour").click()
    expect(page.get_by_role("dialog", name="The goal")).to_be_focused()
