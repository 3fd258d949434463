"""The browser's time zone in real Chromium, under the site's CSP (no inline script):
sign-up saves it, and the profile offers it when another zone is saved."""

import pytest
from django.urls import reverse

from accounts.models import User
from tests.e2e.conftest import recording_page
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_sign_up_takes_the_browsers_zone(browser, site_url):
    page = recording_page(browser, site_url, timezone_id="Asia/Tokyo")
    page.goto(reverse("signup"))
    assert page.locator("input[name=time_zone]").input_value() == "Asia/Tokyo"
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password", exact=True).fill("capital-cities-42")
    page.get_by_label("Password confirmation").fill("capital-cities-42")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{site_url}{reverse('lobby')}")
    assert on_the_server(lambda: User.objects.get(username="dora").time_zone) == "Asia/Tokyo"
    assert not page.console_errors and not page.csp_errors


def test_the_profile_offers_the_browsers_zone_in_one_press(alice, browser, site_url):
    from playwright.sync_api import expect

    page = recording_page(browser, site_url, timezone_id="Europe/Paris")
    log_in(page)
    page.goto(reverse("profile"))
    expect(page.locator("[data-browser-zone-offer]")).to_have_text("Your browser says Europe/Paris: use it")
    page.get_by_role("button", name="use it").click()
    expect(page.locator("#messages")).to_contain_text("Saved: your time zone (Europe/Paris)")
    expect(page.locator("[data-browser-zone-offer]")).to_be_hidden()
    assert on_the_server(lambda: User.objects.get(pk=alice.pk).time_zone) == "Europe/Paris"
    assert not page.console_errors and not page.csp_errors
