"""A newcomer signs up, opens a table against a bot and plays a turn in real Chromium."""

import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
from django.db import connections

from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "capitalla-e2e"


@pytest.fixture
def site_url():
    """A live server for this test only, whose threads and their database connections are
    gone before the test database is dropped (pytest-django's live_server outlives it)."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.db import connections
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


@pytest.fixture
def page(site_url):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: install Debian's chromium")
        pytest.skip("needs the system Chromium (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls
    # are still plain synchronous code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ])
        page = browser.new_page(base_url=site_url, viewport={"width": 1280, "height": 1000})
        page.csp_errors = []
        page.on("console", lambda msg: "Content Security Policy" in msg.text and page.csp_errors.append(msg.text))
        yield page
        browser.close()


def play_bot_turn():
    """Runs inside Playwright's event loop, where the ORM gets a connection of its own:
    close it, or it would outlive the test database."""
    try:
        game = Game.objects.get()
        while game.to_act == [1]:
            services.play_bot_turn(game.pk, game.version)
            game.refresh_from_db()
    finally:
        connections.close_all()


def test_sign_up_open_a_table_and_play_a_turn_against_a_bot(page):
    from playwright.sync_api import expect

    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Display name").fill("Ana")
    page.get_by_label("Password", exact=True).fill("a-long-passphrase-42")
    page.get_by_label("Password confirmation").fill("a-long-passphrase-42")
    page.get_by_role("button", name="Sign up").click()

    page.get_by_label("Seats").fill("2")
    page.get_by_label("Bots").fill("1")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_contain_text("Your turn")

    page.get_by_role("button", name="Draw from the pile").click()
    expect(page.locator("#table")).to_contain_text("14 cards")
    page.locator("button[name=card]").first.click()
    expect(page.locator(".history")).to_contain_text("Ana discarded")

    play_bot_turn()  # as the worker would; the page's poll brings the bot's moves in
    expect(page.locator(".history")).to_contain_text("Bot 2", timeout=10_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "after-bot-turn.png"), full_page=True)
    assert page.csp_errors == []
