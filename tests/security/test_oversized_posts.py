"""The largest body Django accepts, sent to every URL of the site by anyone: each answers
with a refusal or a redirect, never a 500, and none keeps the web process busy (card lists
were de-duplicated in quadratic time: a 200 KB field took 22 s)."""

import time

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from url_walk import sample_values, site_paths

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db

SMALL = "version=0&type=meld&kind=set&kind_A=set&order=suit&meld=0&end=high"
BIG_FIELDS = (
    "cards",
    "A",
    "B",
    "C",
    "text",
    "username",
    "password",
    "wild",
    "card",
    "groups",
    "email",
    "display_name",
    "password1",
    "password2",
    "old_password",
    "new_password1",
    "new_password2",
    "current_password",
)
SECONDS_PER_REQUEST = 1.0  # an average over the walk, far above a normal answer


def biggest_body() -> str:
    """SMALL plus BIG_FIELDS, each a comma list of distinct card-like ids (`cards`, the
    issue's attack, gets half the room), filling DATA_UPLOAD_MAX_MEMORY_SIZE to the byte."""
    room_left = settings.DATA_UPLOAD_MAX_MEMORY_SIZE - len(SMALL)
    shares = [room_left // 2] + [room_left // 2 // (len(BIG_FIELDS) - 1)] * (len(BIG_FIELDS) - 1)
    fields, n = [], 0
    for name, share in zip(BIG_FIELDS, shares):
        value = []
        room = share - len(name) - 2
        while room > 8:
            part = f"{n:X}"
            value.append(part)
            room -= len(part) + 1
            n += 1
        fields.append(f"{name}={','.join(value)}")
    body = "&".join([SMALL, *fields])
    return body + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE - len(body))


@pytest.fixture
def url_values(alice):
    capit = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=3).pk)
    return sample_values(capit, alice)


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "seated-player"])
def test_the_biggest_body_to_every_post_url_is_refused_quickly(client, alice, url_values, signed_in):
    if signed_in:
        client.force_login(alice)
    body = biggest_body()
    assert len(body.encode()) == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    paths = site_paths(url_values)
    started = time.monotonic()
    for path in paths:
        response = client.post(path, body, content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true")
        assert response.status_code < 500, (path, response.status_code)
    assert time.monotonic() - started < SECONDS_PER_REQUEST * len(paths)


def test_a_huge_username_at_a_login_is_a_failed_login_not_a_500(client):
    """The login throttle stored the tried username as given, in a 255-character column
    (a 500 on PostgreSQL; the admin's login lets a long one through to it)."""
    for path in ("/admin/login/", "/accounts/login/"):
        response = client.post(path, {"username": "x" * 5000, "password": "guess"})
        assert response.status_code == 200, path
    assert AccessAttempt.objects.filter(username="x" * 150).exists()
