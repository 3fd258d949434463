"""Signing in a browser page as one of the test users (tests/conftest.py makes them), and
reaching the database from inside a browser test."""

from django.db import connections


def log_in(page, username: str = "alice"):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(f"{username}-password-123")
    page.get_by_role("button", name="Log in").click()


def on_the_server(action):
    """Runs `action` (ORM calls) from inside Playwright's event loop, then closes the
    connection it opened there, which would outlive the test database."""
    try:
        return action()
    finally:
        connections.close_all()


def players_pages(browser, site_url, game):
    """Alice's and Bob's pages, each signed in on the game."""
    from tests.e2e.conftest import recording_page

    alice, bob = (recording_page(browser, site_url) for _ in range(2))
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, name)
        page.goto(game.get_absolute_url())
    return alice, bob


def live_page(browser, site_url, username: str, game):
    """`username`'s page on the game, signed in, once its stream of news is open."""
    from playwright.sync_api import expect

    from tests.e2e.conftest import recording_page

    page = recording_page(browser, site_url)
    log_in(page, username)
    page.goto(game.get_absolute_url())
    expect(page.locator("[data-live]")).to_have_attribute("data-live-state", "open")
    return page


def news_from(page, action):
    """Run `action` (a service call: another player's move or line) on the server, and
    wait until the page's table has come again with the news."""
    page.evaluate("document.getElementById('table').__before = true")
    on_the_server(action)
    page.wait_for_function("() => !document.getElementById('table').__before")
