"""Moves arrive at once: under the ASGI server with live news, the opponent's page opens
its stream and shows a move without polling; when the stream drops the page polls, and
once it is back the page catches up from the version it shows. Without live news the
page polls as before."""

import re

import pytest

from tables.actions import lifecycle, player_moves, table_talk
from tests.e2e.confirm import press_twice
from tests.e2e.conftest import recording_page
from tests.e2e.session import log_in, on_the_server, players_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def table_fetches(page) -> list[str]:
    fetched = []
    page.on("request", lambda r: re.search(r"/games/\d+/\?since=", r.url) and fetched.append(r.url))
    return fetched


def test_the_opponents_move_is_pushed_without_polling(alices_turn, asgi_site, asgi_browser):
    from playwright.sync_api import expect

    alice, bob = players_pages(asgi_browser, asgi_site.url, alices_turn)
    expect(bob.locator("[data-live]")).to_have_attribute("data-live-state", "open")
    fetched = table_fetches(bob)
    bob.wait_for_timeout(2_500)  # longer than the poll's 2 s: nothing is asked meanwhile
    assert fetched == []
    alice.get_by_role("button", name="Draw from the pile").click()
    expect(bob.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    assert len(fetched) == 1 and f"since={alices_turn.version}&" in fetched[0]  # the news, then one fetch
    assert alice.console_errors == bob.console_errors == []
    assert alice.csp_errors == bob.csp_errors == []


def test_a_dropped_stream_polls_then_reconnects_and_catches_up(alices_turn, asgi_site, live_redis, asgi_browser):
    from playwright.sync_api import expect

    alice, bob = players_pages(asgi_browser, asgi_site.url, alices_turn)
    live = bob.locator("[data-live]")
    expect(live).to_have_attribute("data-live-state", "open")
    live_redis.kill()
    expect(live).to_have_attribute("data-live-state", "polling")
    alice.get_by_role("button", name="Draw from the pile").click()  # its news is lost
    expect(bob.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))  # polled
    live_redis.start()
    fetched = table_fetches(bob)
    expect(live).to_have_attribute("data-live-state", "open", timeout=40_000)  # back-off, then back
    shown = bob.locator("#table").get_attribute("data-version")
    for _ in range(30):  # the catch-up fetch leaves on the open event
        if any(f"since={shown}&" in url for url in fetched):
            break
        bob.wait_for_timeout(100)
    assert any(f"since={shown}&" in url for url in fetched), fetched
    press_twice(alice, alice.locator("button[name=card]").first)  # a discard: pushed again
    expect(bob.locator("#table")).to_have_attribute("data-version", str(int(shown) + 1), timeout=3_000)
    # htmx logs each failed try of the stream (an Event) and Chromium the 503s: nothing else.
    assert [e for e in bob.console_errors if e != "[object Event]" and "503" not in e] == []


def test_without_live_news_the_page_polls(alices_turn, settings, site_url, browser):
    from playwright.sync_api import expect

    settings.LIVE_PUSH = False
    alice, bob = players_pages(browser, site_url, alices_turn)
    expect(bob.locator("[data-live]")).to_have_attribute("data-live-state", "polling")
    assert bob.locator("[sse-connect]").count() == 0
    alice.get_by_role("button", name="Draw from the pile").click()
    expect(bob.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    assert bob.console_errors == [] and bob.csp_errors == []


def test_the_lobby_shows_a_new_table_as_it_opens(alice, asgi_site, asgi_browser):
    from playwright.sync_api import expect

    watcher = recording_page(asgi_browser, asgi_site.url)
    watcher.goto("/")
    expect(watcher.locator("[data-live]")).to_have_attribute("data-live-state", "open")
    expect(watcher.locator("#lobby-tables")).not_to_contain_text("Casino #")
    host = recording_page(asgi_browser, asgi_site.url)
    log_in(host, "alice")
    host.goto("/")
    host.get_by_label("Game", exact=True).select_option("casino")
    host.get_by_role("button", name="Create table").click()
    expect(watcher.locator("#lobby-tables")).to_contain_text("Casino #")  # no reload, no poll
    assert watcher.console_errors == [] and watcher.csp_errors == []


def test_the_deal_reaches_the_page_of_a_player_waiting_for_it(alice, bob, asgi_site, asgi_browser):
    # The deal leaves the version at 0, which the waiting page shows: its news has none.
    from playwright.sync_api import expect

    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    page = recording_page(asgi_browser, asgi_site.url)
    log_in(page, "bob")
    page.goto(game.get_absolute_url())
    expect(page.locator("[data-live]")).to_have_attribute("data-live-state", "open")
    on_the_server(lambda: lifecycle.start_table(alice, game.pk))
    expect(page.locator("#table")).to_have_class(re.compile(r"\btable--active\b"))
    assert page.console_errors == [] and page.csp_errors == []


def test_after_the_game_the_table_talk_and_the_rematch_reach_the_page(alice, bob, asgi_site, asgi_browser):
    from playwright.sync_api import expect

    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(alice, game.pk)
    page = recording_page(asgi_browser, asgi_site.url)
    log_in(page, "alice")
    page.goto(game.get_absolute_url())
    expect(page.locator("[data-live]")).to_have_attribute("data-live-state", "open")
    on_the_server(lambda: table_talk.say(bob, game.pk, "Well played!"))
    expect(page.locator("#chat-list")).to_contain_text("Well played!")
    on_the_server(lambda: lifecycle.rematch(bob, game.pk))
    expect(page.get_by_role("button", name=re.compile("Join the rematch"))).to_be_visible()
    assert page.console_errors == [] and page.csp_errors == []
