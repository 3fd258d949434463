"""A move sent while the table's poll is still out: it waits for the poll, lands after it,
and the page shows each move once, with nothing aborted (htmx logs aborts as errors)."""

import re
import time

import pytest

from tests.e2e.confirm import press_twice
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_move_sent_during_a_slow_poll_lands_after_it(alices_turn, page):
    from playwright.sync_api import expect

    game = alices_turn
    log_in(page)
    page.goto(game.get_absolute_url())
    expect(page.locator("#table")).to_contain_text("Your turn")

    # Every poll answer is held back a second, so the click below meets one in flight.
    held = []

    def slow_poll(route):
        held.append(route.request.url)
        time.sleep(1)
        route.continue_()

    page.route(re.compile(r".*/games/\d+/\?since=\d+&said=\d+$"), slow_poll)
    page.wait_for_function("() => document.querySelector('#table.htmx-request')", timeout=5_000)
    page.get_by_role("button", name="Draw from the pile").click()
    expect(page.locator("#table")).to_contain_text("14 cards")
    press_twice(page, page.locator("button[name=card]").first)  # "Discard <country> (<capital>)?"
    expect(page.locator("#history-list li")).to_have_count(2)
    page.wait_for_timeout(2_500)  # a few more polls come and go

    page.unroute_all(behavior="wait")  # let a poll held right now finish before the server stops
    assert held, "no poll was out when the move was sent"
    numbers = page.locator("#history-list li").evaluate_all("lines => lines.map(l => l.value)")
    assert numbers == [2, 1]
    assert page.console_errors == [] and page.csp_errors == []
