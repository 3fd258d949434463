"""The API's browsable docs (/api/v1/docs, django-ninja's Swagger UI) render in real
Chromium under the site's CSP: its assets are served from our static files (ninja in
INSTALLED_APPS), with no inline script and no CDN."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_render_under_the_csp(page):
    from playwright.sync_api import expect

    page.goto("/api/v1/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Capitalla API")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert page.locator(".opblock-summary-path", has_text="/api/v1/games/{game_id}/moves").count() == 1
    assert not page.csp_errors and not page.console_errors, page.csp_errors + page.console_errors
