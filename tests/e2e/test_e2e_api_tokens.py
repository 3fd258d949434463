"""A player makes an API token on their profile in real Chromium (labelled fields, the
site's CSP), sees its secret once, and revokes it."""

import pytest

from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["page", "phone"])
def test_a_token_is_made_shown_once_and_revoked(alice, request, size):
    from playwright.sync_api import expect

    page = request.getfixturevalue(size)

    log_in(page)
    page.goto("/accounts/profile/")
    page.get_by_label("Token name").fill("my bot")
    page.get_by_role("checkbox", name="play").check()
    page.get_by_label("Your current password").fill("alice-password-123")
    page.get_by_role("button", name="Create a token").click()
    expect(page.get_by_role("heading", name="Your new API token")).to_be_visible()
    secret = page.locator("pre code").first.inner_text()
    assert secret.startswith("cap_") and len(secret) == 47
    # The secret and its curl line wrap inside their panel: the page never scrolls sideways.
    widths = page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth, inner: innerWidth})")
    assert widths["scroll"] <= widths["inner"] <= page.viewport_size["width"], widths
    page.get_by_role("link", name="Back to your profile").click()
    expect(page.get_by_text("my bot")).to_be_visible()
    assert secret not in page.content()
    page.get_by_role("button", name="Revoke").click()
    expect(page.get_by_text("The token is revoked")).to_be_visible()
    expect(page.get_by_text("You have no API tokens.")).to_be_visible()
    assert not page.console_errors and not page.csp_errors
