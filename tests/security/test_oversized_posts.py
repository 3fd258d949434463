"""The largest body Django accepts, sent to every URL of the site by anyone: each answers
with a refusal or a redirect, never a 500, and none keeps the web process busy (card lists
were de-duplicated in quadratic time: a 200 KB field took 22 s)."""

import time

import pytest
from django.conf import settings

from games import services
from url_walk import site_paths

pytestmark = pytest.mark.django_db

SMALL = "version=0&type=meld&kind=set&kind_A=set&order=suit&meld=0&end=high"
BIG_FIELDS = ("cards", "A", "B", "C", "text", "username", "password", "wild", "card", "groups")
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
    capit = services.start_table(alice, services.create_table(alice, "capit", seats=4, bots=3).pk)
    return {"game_id": capit.pk, "index": 1, "link_id": 1, "user_id": alice.pk, "mail_id": 1, "token": "x",
            "code": capit.invite_code, "kind": "capit", "uidb64": "MQ", "object_id": capit.pk,
            "app_label": "games", "url": "nope/", "content_type_id": 1, "id": 1}


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "seated-player"])
def test_the_biggest_body_to_every_post_url_is_refused_quickly(client, alice, url_values, signed_in):
    if signed_in:
        client.force_login(alice)
    body = biggest_body()
    assert len(body.encode()) == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    paths = site_paths(url_values)
    started = time.monotonic()
    for path in paths:
        response = client.post(path, body, content_type="application/x-www-form-urlencoded",
                               HTTP_HX_REQUEST="true")
        assert response.status_code < 500, (path, response.status_code)
    assert time.monotonic() - started < SECONDS_PER_REQUEST * len(paths)
