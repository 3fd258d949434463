"""Cards move when the table changes (issue 20 §4): htmx swaps the table inside a View
Transition and each card carries a view-transition-name of its own, so a card taken from
the discard pile slides into the hand under the same name, and one drawn from the pile
takes the pile's name. Under prefers-reduced-motion,
and in a browser without View Transitions, the table just swaps.

The page's document.startViewTransition is wrapped to count the transitions started."""

import pytest

from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

COUNT_TRANSITIONS = """
window.__transitions = 0;
if (document.startViewTransition) {
  const start = document.startViewTransition;
  document.startViewTransition = function (update) { window.__transitions += 1; return start.call(this, update); };
}
"""

NO_VIEW_TRANSITIONS = "delete Document.prototype.startViewTransition;"

TRANSITION_NAMES = """() => [...document.querySelectorAll('#table [data-card], #table [data-draw-pile]')]
  .map(card => card.style.viewTransitionName).filter(name => name)"""


def motion_page(browser, site_url, *scripts, **options):
    from tests.e2e.conftest import recording_page

    page = recording_page(browser, site_url, viewport={"width": 1280, "height": 1000}, **options)
    for script in scripts:
        page.add_init_script(script)
    return page


def take_the_discard(page) -> str:
    """Takes the discard pile's top card through the page; returns its id."""
    from playwright.sync_api import expect

    taken = page.locator(".pile--discard [data-card]").get_attribute("data-card")
    page.locator(".action-bar").get_by_role("button", name="Take").click()
    expect(page.locator(f'.my-hand [data-card="{taken}"]')).to_have_count(1)
    return taken


def test_a_card_taken_from_the_discard_pile_keeps_its_name_into_the_hand(alices_capitalla, browser, site_url):
    page = motion_page(browser, site_url, COUNT_TRANSITIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    names = page.evaluate(TRANSITION_NAMES)
    assert len(names) == len(set(names)) == 15  # 13 in my hand, the discard pile's top, the draw pile
    top = page.locator(".pile--discard [data-card]")
    name_on_the_pile = top.evaluate("card => card.style.viewTransitionName")

    taken = take_the_discard(page)
    in_my_hand = page.locator(f'.my-hand [data-card="{taken}"]').evaluate("card => card.style.viewTransitionName")
    assert in_my_hand == name_on_the_pile == f"card-{taken}"
    assert page.evaluate("window.__transitions") == 1
    names = page.evaluate(TRANSITION_NAMES)
    assert len(names) == len(set(names))
    assert page.console_errors == [] and page.csp_errors == []


def test_a_card_drawn_from_the_pile_flies_from_the_pile_into_the_hand(alices_capitalla, browser, site_url):
    from playwright.sync_api import expect

    page = motion_page(browser, site_url, COUNT_TRANSITIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    assert page.locator("[data-draw-pile]").evaluate("pile => pile.style.viewTransitionName") == "draw-pile"

    page.get_by_role("button", name="Draw from the pile").click()
    drawn = page.locator(".my-hand .hand-card--new [data-card]")
    expect(drawn).to_have_count(1)
    # The drawn card has the name the pile had; the pile under it has none this time.
    assert drawn.evaluate("card => card.style.viewTransitionName") == "draw-pile"
    assert page.locator("[data-draw-pile]").evaluate("pile => pile.style.viewTransitionName") == ""
    assert page.evaluate("window.__transitions") == 1
    names = page.evaluate(TRANSITION_NAMES)
    assert len(names) == len(set(names))
    assert page.console_errors == [] and page.csp_errors == []


def test_reduced_motion_swaps_the_table_without_a_transition(alices_capitalla, browser, site_url):
    page = motion_page(browser, site_url, COUNT_TRANSITIONS, reduced_motion="reduce")
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    take_the_discard(page)
    assert page.evaluate("window.__transitions") == 0
    assert page.console_errors == [] and page.csp_errors == []


def test_a_browser_without_view_transitions_just_swaps(alices_capitalla, browser, site_url):
    page = motion_page(browser, site_url, NO_VIEW_TRANSITIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    take_the_discard(page)
    assert page.evaluate(TRANSITION_NAMES) == []
    assert page.console_errors == [] and page.csp_errors == []
