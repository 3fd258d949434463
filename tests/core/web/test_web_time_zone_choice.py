"""The time zone was UTC until typed, and only as "Europe/Paris" (issue 48). Sign-up takes
it from the browser (a hidden field static/js/browser-time-zone.js fills; anything else is
UTC), the profile offers the browser's zone, and the profile takes a city as lichess and
calendar apps do: "Paris", "new york", "São Paulo"."""

import re

import pytest
from django.urls import reverse

from accounts import zone_names
from accounts.models import User

pytestmark = pytest.mark.django_db

SIGNUP = {"username": "dora", "password1": "capital-cities-42", "password2": "capital-cities-42"}


def signed_up_zone(client, **fields) -> str:
    response = client.post(reverse("signup"), SIGNUP | fields)
    assert response.status_code == 302
    return User.objects.get(username="dora").time_zone


def test_the_sign_up_page_carries_the_field_and_the_script_that_fills_it(client):
    html = client.get(reverse("signup")).content.decode()
    assert re.search(r'<input type="hidden" name="time_zone"[^>]* data-browser-time-zone', html)
    assert '<label for="id_time_zone"' not in html
    assert '<script src="/static/js/browser-time-zone.js" defer></script>' in html


def test_sign_up_keeps_the_browsers_zone(client):
    assert signed_up_zone(client, time_zone="Asia/Tokyo") == "Asia/Tokyo"


@pytest.mark.parametrize("forged", ["Mars/Olympus", "../../etc/passwd", "Paris", "x" * 500, ""])
def test_a_forged_zone_at_sign_up_is_utc_and_no_error(client, forged):
    assert signed_up_zone(client, time_zone=forged) == "UTC"


def test_sign_up_without_the_field_is_utc(client):
    assert signed_up_zone(client) == "UTC"


def save_zone(client, typed: str):
    return client.post(reverse("profile_clock"), {"time_zone": typed, "digest_hour": "7"})


@pytest.mark.parametrize(
    "typed,zone",
    [
        ("Paris", "Europe/Paris"),
        ("paris", "Europe/Paris"),
        ("new york", "America/New_York"),
        ("New York", "America/New_York"),
        ("Sao Paulo", "America/Sao_Paulo"),
        ("São Paulo", "America/Sao_Paulo"),
        ("Tokyo", "Asia/Tokyo"),
        ("europe/paris", "Europe/Paris"),
        ("Buenos Aires", "America/Argentina/Buenos_Aires"),  # two names, one zone
    ],
)
def test_a_city_or_a_zone_in_any_case_is_taken(client, alice, typed, zone):
    client.force_login(alice)
    response = save_zone(client, typed)
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.time_zone == zone
    assert f"Saved: your time zone ({zone})" in client.get(reverse("profile")).content.decode()


def refused(client, alice, typed: str) -> str:
    client.force_login(alice)
    response = save_zone(client, typed)
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.time_zone == "UTC"
    return response.content.decode()


def test_an_unknown_city_is_refused_in_words(client, alice):
    html = refused(client, alice, "Springfield")
    assert "No time zone or city is called “Springfield”. Choose a time zone from the list" in html


def test_a_misspelt_city_is_refused_with_the_close_matches(client, alice):
    assert "No time zone or city is called “Pariss”. Did you mean Europe/Paris?" in refused(client, alice, "Pariss")


def test_a_city_of_two_clocks_is_refused_with_both(client, alice, monkeypatch):
    monkeypatch.setattr(zone_names, "zones_by_city", lambda: {"west": ["Australia/West", "Brazil/West"]})
    html = refused(client, alice, "West")
    assert "“West” is a city in more than one time zone: Australia/West or Brazil/West. Choose one." in html


def test_the_profile_offers_the_browsers_zone_when_it_is_not_the_saved_one(client, alice):
    client.force_login(alice)
    html = client.get(reverse("profile")).content.decode()
    clock = html.split('id="clock"', 1)[1].split("</section>", 1)[0]
    offer = re.search(r"<p [^>]*data-browser-zone-offer[^>]*>(.*?)</p>", clock)
    assert 'data-saved-zone="UTC"' in offer[0] and " hidden>" in offer[0]  # the script shows it
    assert "Your browser says <strong data-browser-zone></strong>:" in offer[1]
    assert "data-use-browser-zone>use it</button>" in offer[1]
    assert '<script src="/static/js/browser-time-zone.js" defer></script>' in clock
