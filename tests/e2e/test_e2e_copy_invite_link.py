"""The host copies the table's link with one press in real Chromium, under the site's
CSP (no inline script), on a public table as on a private one."""

import pytest
from django.db import connections

from tables.actions import lifecycle
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_host_copies_the_public_tables_link(alice, page, site_url):
    from playwright.sync_api import expect

    try:
        game = lifecycle.create_table(alice, "capitalla", seats=3)
    finally:
        connections.close_all()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    log_in(page)
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".invite__copied")).to_have_text("Copied.")
    link = page.locator("#invite-link").input_value()
    assert link.endswith(game.get_absolute_url())
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert not page.console_errors and not page.csp_errors
