"""The profile's absences and hours: what it shows, the forms, and forged requests (a
clear 4xx, never a 500, and nothing changed)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Absence, User

pytestmark = pytest.mark.django_db


def today(user):
    return user.today(timezone.now())


@pytest.fixture
def signed_in(client, alice):
    client.force_login(alice)
    return client


def test_the_profile_shows_the_allowance_and_the_forms(signed_in):
    page = signed_in.get(reverse("profile")).content.decode()
    assert "30 days</strong> left" in page
    # Each form lands back on its own section, where a refusal's message is.
    assert f'action="{reverse("absence_add")}#absences"' in page and 'id="absences"' in page
    assert f'action="{reverse("profile_clock")}#clock"' in page and 'id="clock"' in page
    assert 'list="time-zones"' in page


def test_announcing_shows_the_absence_and_what_is_left(signed_in, alice):
    first = today(alice) + timedelta(days=10)
    response = signed_in.post(
        reverse("absence_add"), {"first_day": first.isoformat(), "last_day": (first + timedelta(days=4)).isoformat()}
    )
    assert response.status_code == 302
    page = signed_in.get(reverse("profile")).content.decode()
    assert "(5 days)" in page and "25 days</strong> left" in page and "Call it off" in page


def test_im_back_ends_an_absence_under_way(signed_in, alice):
    signed_in.post(reverse("absence_add"), {"first_day": today(alice), "last_day": today(alice) + timedelta(days=3)})
    absence = Absence.objects.get()
    assert absence.under_way and "I’m back" in signed_in.get(reverse("profile")).content.decode()
    response = signed_in.post(reverse("absence_end", args=[absence.pk]), follow=True)
    assert "Welcome back" in response.content.decode()
    absence.refresh_from_db()
    assert absence.over and absence.ended_early


@pytest.mark.parametrize(
    "data,message",
    [
        ({"first_day": "soon", "last_day": "later"}, "Enter a valid date"),
        ({"first_day": "2001-01-01", "last_day": "2001-01-02"}, "cannot start in the past"),
        ({}, "This field is required"),
        ({"first_day": "9999-12-31", "last_day": "9999-12-31"}, "days ahead"),
    ],
)
def test_forged_absences_are_refused_with_a_message(signed_in, data, message):
    response = signed_in.post(reverse("absence_add"), data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not Absence.objects.exists()


def test_too_long_an_absence_is_refused(signed_in, alice):
    first = today(alice) + timedelta(days=1)
    response = signed_in.post(reverse("absence_add"), {"first_day": first, "last_day": first + timedelta(days=20)})
    assert response.status_code == 400 and "at most 14 days" in response.content.decode()


def test_someone_elses_absence_is_not_found(client, alice, bob):
    first = today(alice) + timedelta(days=5)
    client.force_login(alice)
    client.post(reverse("absence_add"), {"first_day": first, "last_day": first})
    absence = Absence.objects.get()
    client.force_login(bob)
    assert client.post(reverse("absence_end", args=[absence.pk])).status_code == 404
    assert client.post(reverse("absence_end", args=[absence.pk + 999])).status_code == 404
    assert client.get(reverse("absence_end", args=[absence.pk])).status_code == 405
    assert Absence.objects.filter(pk=absence.pk).exists()


def test_absences_need_a_login(client, db):
    response = client.post(reverse("absence_add"), {"first_day": "2030-01-01", "last_day": "2030-01-02"})
    assert response.status_code == 302 and not Absence.objects.exists()


@pytest.mark.parametrize(
    "data,message",
    [
        ({"time_zone": "Mars/Olympus", "digest_hour": "7"}, "Choose a time zone"),
        ({"time_zone": "../../etc/passwd", "digest_hour": "7"}, "Choose a time zone"),
        ({"time_zone": "UTC", "digest_hour": "25"}, "not one of the available choices"),
        ({"time_zone": "UTC", "digest_hour": "7", "quiet_from": "22:00"}, "both ends"),
        ({"time_zone": "UTC", "digest_hour": "7", "quiet_from": "22:00", "quiet_until": "22:00"}, "another time"),
        ({"time_zone": "UTC", "digest_hour": "7", "quiet_from": "late", "quiet_until": "7"}, "Enter a valid time"),
    ],
)
def test_forged_hours_are_refused_and_nothing_changes(signed_in, alice, data, message):
    response = signed_in.post(reverse("profile_clock"), data)
    assert response.status_code == 400 and message in response.content.decode()
    fresh = User.objects.get(pk=alice.pk)
    assert (fresh.time_zone, fresh.quiet_from, fresh.digest_hour) == ("UTC", None, 7)


def test_quiet_hours_across_midnight_are_saved(signed_in, alice):
    response = signed_in.post(
        reverse("profile_clock"),
        {"time_zone": "Europe/Paris", "quiet_from": "22:00", "quiet_until": "07:00", "digest_hour": "8"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.time_zone, str(alice.quiet_from), str(alice.quiet_until)) == ("Europe/Paris", "22:00:00", "07:00:00")
