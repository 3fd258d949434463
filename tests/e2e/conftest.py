"""What every browser test needs: a live server of its own, a headless Chromium page that
records console errors and CSP violations, and bots that move when the test says so."""

import os
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connections

from tables import presenters
from tables.actions import bot_play, lifecycle
from tables.models import Game

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def site_url():
    """A live server for this test only, whose threads and their database connections are
    gone before the test database is dropped (pytest-django's live_server outlives it)."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    shared = {c.alias: c for c in connections.all() if c.vendor == "sqlite" and c.is_in_memory_db()}
    for conn in shared.values():
        conn.inc_thread_sharing()
    before = set(threading.enumerate())
    server = LiveServerThread("127.0.0.1", StaticFilesHandler, connections_override=shared)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    yield f"http://127.0.0.1:{server.port}"
    server.terminate()
    # Request threads end once the browser has closed its keep-alive connections.
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
    for conn in shared.values():
        conn.dec_thread_sharing()


@contextmanager
def chromium(env: dict[str, str] | None = None):
    """The system Chromium, headless; `env`, when given, is its whole environment."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: install Debian's chromium")
        pytest.skip("needs the system Chromium (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls
    # are still plain synchronous code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            env=env,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def discards_ask_first(monkeypatch):
    """Every player's discard asks first, as it did for everyone before decision 0044: the
    browser presses with a mouse, where the default ("touch") would not ask, and
    `confirm.press_twice` expects the question. test_e2e_confirm_choice.py overrides this
    fixture to try each setting."""
    monkeypatch.setattr(presenters, "confirm_discards", lambda user: "always")


@pytest.fixture(autouse=True)
def no_first_game_tour(monkeypatch):
    """No table offers its first-game tour (decision 0045): it would stand over every game
    these tests open. test_e2e_first_game_tour.py overrides this fixture to take it."""
    monkeypatch.setattr(presenters, "offered_tour", lambda game, user, seen: None)


@pytest.fixture
def browser(site_url):
    """Chromium for this test only. It needs the live server so that it closes first: the
    server's request threads end only once the browser has closed its keep-alive
    connections (else each waits out its join, a minute per test)."""
    with chromium() as browser:
        yield browser


@pytest.fixture
def asgi_browser(asgi_site):
    """Chromium for a test on the site under ASGI with live news (`asgi_site`)."""
    with chromium() as browser:
        yield browser


def recording_page(browser, site_url, **context_options):
    """A page on the live server. `page.console_errors` collects every error the console
    shows (uncaught exceptions included), `page.csp_errors` the CSP violations."""
    page = browser.new_context(base_url=site_url, **context_options).new_page()
    page.csp_errors = []
    page.console_errors = []

    def on_console(msg):
        if "Content Security Policy" in msg.text:
            page.csp_errors.append(msg.text)
        if msg.type == "error":
            page.console_errors.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: page.console_errors.append(f"uncaught: {exc}"))
    return page


@pytest.fixture
def page(browser, site_url):
    """A desktop Chromium page (1280 x 1000) on the live server."""
    return recording_page(browser, site_url, viewport={"width": 1280, "height": 1000})


# The phone of issue 20: 390 x 844 CSS px, touch.
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser, site_url):
    """A phone-sized touch page (390 x 844 CSS px) on the live server, recording like `page`."""
    return recording_page(browser, site_url, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)


@pytest.fixture
def play_bot_turns(enqueued):
    """Plays the bots' turns of the one game in the database, as the worker would, until a
    human is to act (or the game is over); the page's poll then shows their moves.

    The tasks the site enqueues meanwhile are only recorded (`enqueued`): none reaches a
    broker, where a worker of `make run` could pick them up."""

    def play():
        # Called from inside Playwright's event loop, where the ORM gets a connection of
        # its own: close it, or it would outlive the test database.
        try:
            game = Game.objects.get()
            # play_bot_turn says False once no bot is to act at this version.
            while bot_play.play_bot_turn(game.pk, game.version):
                game.refresh_from_db()
        finally:
            connections.close_all()

    return play


@pytest.fixture
def alices_capitalla(alice, monkeypatch, enqueued):
    """Capitalla against three bots, seed 1 (South Africa in Alice's hand), Alice to take a
    card first; what the site enqueues is only recorded (see `play_bot_turns`). Ask for it
    before the browser: ORM calls made inside Playwright's event loop get a connection of
    their own, which would outlive the test database."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 1)
    return lifecycle.quick_game(alice, "capitalla")


@pytest.fixture
def alices_turn(alice, bob):
    """A dealt two-player Capitalla table, Alice to play. A fixture, so that it runs before
    the browser starts: ORM calls made inside Playwright's event loop get a connection of
    their own, which would outlive the test database."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)
