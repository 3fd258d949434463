"""Keyboard focus when the table is swapped (static/js/table-focus.js). htmx replaces the
whole table, so without help the focused control is gone and the focus falls to <body>:
the next Tab would start at "Skip to content".

- A live update (another player's move) gives the focus back to the same control, or,
  when that control is gone, to the table's status line; the page does not scroll.
- My own action leaves the focus on the same control when it is still there (a sort), else
  on the status line, brought into view when I acted from the keyboard."""

import pytest

from tables.actions import player_moves, time_grants
from tests.e2e.conftest import recording_page
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def players_page(browser, site_url, name, game, height=1000):
    page = recording_page(browser, site_url, viewport={"width": 1280, "height": height})
    log_in(page, name)
    page.goto(game.get_absolute_url())
    return page


def scroll_y(page) -> float:
    return page.evaluate("() => window.scrollY")


def in_view(locator) -> bool:
    box = locator.bounding_box()  # in the viewport's coordinates
    return box["y"] >= 0 and box["y"] + box["height"] <= page_height(locator)


def page_height(locator) -> float:
    return locator.page.viewport_size["height"]


def test_a_live_update_gives_the_focus_back_to_the_same_control(alices_turn, bob, browser, site_url):
    from playwright.sync_api import expect

    page = players_page(browser, site_url, "alice", alices_turn, height=500)
    sort = page.get_by_role("button", name="by initial")
    sort.focus()
    page.evaluate("() => window.scrollBy(0, 150)")
    where = scroll_y(page)
    assert where > 0

    on_the_server(lambda: time_grants.grant_extra_time(bob, alices_turn.pk, alices_turn.version))
    expect(page.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    expect(sort).to_be_focused()
    assert scroll_y(page) == where
    page.keyboard.press("Tab")  # and the next Tab goes on from there, not from the top of the page
    assert page.evaluate("() => document.getElementById('table').contains(document.activeElement)")
    assert page.console_errors == [] and page.csp_errors == []


def test_a_live_update_that_takes_the_control_away_leaves_the_focus_in_the_table(
    alice, alices_turn, bob, browser, site_url
):
    """Bob has the focus on "Give Alice more time"; Alice plays her turn, the button goes."""
    from playwright.sync_api import expect

    page = players_page(browser, site_url, "bob", alices_turn, height=500)
    give = page.get_by_role("button", name="Give Alice more time")
    give.focus()
    where = scroll_y(page)

    def alice_plays():
        game = player_moves.play_move(alice, alices_turn.pk, alices_turn.version, {"type": "draw", "from": "pile"})
        card = game.rules.view(game.state, 0)["hand"][0]
        player_moves.play_move(alice, game.pk, game.version, {"type": "discard", "card": card})

    on_the_server(alice_plays)
    expect(page.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 2))
    expect(page.locator("#table .turn-banner")).to_be_focused()
    expect(give).to_have_count(0)
    assert scroll_y(page) == where

    # The next update leaves the status line as it was: the focus stays on it, not on <body>.
    version = alices_turn.version + 2
    on_the_server(lambda: time_grants.grant_extra_time(alice, alices_turn.pk, version))
    expect(page.locator("#table")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#table .turn-banner")).to_be_focused()
    assert page.console_errors == [] and page.csp_errors == []


def test_my_move_from_the_keyboard_leaves_the_focus_in_sight(alices_turn, browser, site_url):
    from playwright.sync_api import expect

    page = players_page(browser, site_url, "alice", alices_turn, height=400)
    draw = page.get_by_role("button", name="Draw from the pile")
    draw.focus()
    draw.evaluate("button => button.scrollIntoView({block: 'end'})")
    banner = page.locator("#table .turn-banner")
    assert not in_view(banner)  # the status line is above the fold

    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_contain_text("14 cards")
    expect(banner).to_be_focused()
    assert in_view(banner)
    assert page.console_errors == [] and page.csp_errors == []


def test_sorting_my_hand_keeps_the_focus_on_the_sort_button(alices_turn, browser, site_url):
    from playwright.sync_api import expect

    page = players_page(browser, site_url, "alice", alices_turn)
    sort = page.get_by_role("button", name="by initial")
    sort.focus()
    page.locator("#table").evaluate("table => table.setAttribute('data-before', '')")
    page.keyboard.press("Enter")
    expect(page.locator("#table[data-before]")).to_have_count(0)  # the sorted table is in
    expect(sort).to_be_focused()
    assert page.console_errors == [] and page.csp_errors == []
