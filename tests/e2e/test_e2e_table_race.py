"""A move and a live update of the table racing each other, made deterministic by holding
the table's fetches (page.route) and letting them go when the test says so.

The race the QA pass saw: the table's fetch is out when the player presses a button (a
draw, a Casino answer). htmx answered the fetch, swapped the table a frame later inside a
View Transition, and had sent the move meanwhile from the table on its way out: the move's
answer found no table to land in, only its lines of the moves were put in (a second time),
and the page stayed on the older position. Here every later fetch of the table stays held,
so only the move's own answer can show the move: the order in which the page froze for
good, the news of that move spent already.

Also: two tables swapped within one frame (the second skips the first's View Transition)
leave no uncaught error, and a style an element of the table was given from script is
never written back into the page as a style attribute (the site's CSP refuses those)."""

import re

import pytest

from tables.actions import time_grants
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLE_FETCH = re.compile(r".*/games/\d+/\?since=\d+&said=\d+")


def give_alice_more_time(bob, game):
    """Bob gives Alice one more turn time: the table's version moves on, Alice's position
    does not (a move sent from the version before still fits)."""
    on_the_server(lambda: time_grants.grant_extra_time(bob, game.pk, game.version))


def hold_table_fetches(page) -> list:
    """From now on every fetch of the table waits in the returned list (oldest first)
    until the test lets it go (`route.continue_()`)."""
    held = []
    page.route(TABLE_FETCH, lambda route: held.append(route))
    return held


def until_held(page, held, count=1):
    for _ in range(100):
        if len(held) >= count:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{count} fetch(es) of the table expected, {len(held)} made")


def let_go(page, held):
    for route in held:
        route.continue_()
    page.unroute_all(behavior="wait")


def move_numbers(page) -> list[int]:
    return page.locator("#history-list li").evaluate_all("lines => lines.map(line => line.value)")


def race_a_draw_with_news(page, game, held):
    """Alice presses "Draw from the pile" while the fetch of a newer table (Bob gave her
    more time) is out, held; then that fetch is answered. The page must show her draw, from
    the answer to it (later fetches stay held), each move's line once, and no error."""
    from playwright.sync_api import expect

    table = page.locator("#table")
    assert len(held) == 1
    page.get_by_role("button", name="Draw from the pile").click()
    held.pop(0).continue_()
    try:
        expect(table).to_have_attribute("data-version", str(game.version + 2))
        expect(table).to_contain_text("14 cards")
        numbers = move_numbers(page)
        assert numbers[:2] == [game.version + 2, game.version + 1]
        assert len(numbers) == len(set(numbers)), numbers
    finally:
        let_go(page, held)
    assert page.console_errors == [] and page.csp_errors == []


def test_a_move_sent_while_the_table_is_polled_lands_after_the_poll(alices_turn, bob, page):
    """Without live news the page polls every 2 s: Bob's gift comes while a poll is out."""
    from playwright.sync_api import expect

    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    expect(page.locator("#table")).to_contain_text("Your turn")
    held = hold_table_fetches(page)
    until_held(page, held)
    give_alice_more_time(bob, alices_turn)
    race_a_draw_with_news(page, alices_turn, held)


def test_a_move_sent_while_the_pushed_news_is_fetched_lands_after_it(alices_turn, bob, asgi_site, asgi_browser):
    """With the stream open, as the QA pass played: the news of Bob's gift is pushed and the
    page fetches the table; Alice presses the button meanwhile."""
    from playwright.sync_api import expect

    from tests.e2e.conftest import recording_page

    page = recording_page(asgi_browser, asgi_site.url)
    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    live = page.locator("[data-live]")
    expect(live).to_have_attribute("data-live-state", "open")  # its opening's fetch has left
    expect(page.locator("#table")).to_contain_text("Your turn")
    held = hold_table_fetches(page)
    give_alice_more_time(bob, alices_turn)
    until_held(page, held)
    race_a_draw_with_news(page, alices_turn, held)
    expect(live).to_have_attribute("data-live-state", "open")


def test_a_transition_skipped_by_a_newer_table_is_no_error(alices_turn, page):
    """Two answers swapped within one frame: the second table's View Transition skips the
    first's before it began, which rejects that one's `ready`; the tables are swapped."""
    from playwright.sync_api import expect

    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    swapped = page.evaluate(
        """async () => {
          const answer = await fetch(location.pathname, {headers: {"HX-Request": "true"}});
          const html = await answer.text();
          for (const _ of [1, 2]) {
            const table = document.getElementById("table");
            htmx.swap(table, html, {swapStyle: "outerHTML"}, {contextElement: table, eventInfo: {target: table}});
          }
          // Both transitions have run their course: the second one's update, then two frames.
          await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
          return document.querySelectorAll("#table").length;
        }"""
    )
    assert swapped == 1
    expect(page.locator("#table")).to_contain_text("Your turn")
    assert page.console_errors == [] and page.csp_errors == []


def test_a_style_given_from_script_is_not_written_into_the_new_table(alices_turn, bob, page):
    """An element of the table with an id (its title) given a style from script, and one
    taken away (which leaves style=""), as card-motion.js does to the cards: the table's
    next answer brings the same elements, and no style attribute is written (the CSP would
    refuse it, the hash of an empty string for the second)."""
    from playwright.sync_api import expect

    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    page.evaluate(
        """() => {
          document.getElementById("hand-title").style.viewTransitionName = "hand-title";
          const header = document.querySelector("#table [id]:not(#hand-title)");
          header.style.viewTransitionName = "gone";
          header.style.viewTransitionName = "";
        }"""
    )
    give_alice_more_time(bob, alices_turn)
    expect(page.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    assert page.locator("#table [id][style]").count() == 0
    assert page.console_errors == [] and page.csp_errors == []
