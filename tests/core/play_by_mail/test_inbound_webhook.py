"""/mail/inbound/: where a hosted inbound-mail service posts the raw mails it receives,
with the shared secret; without one set, there is no such page."""

import base64

import pytest

from tables.models import Event
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db

URL = "/mail/inbound/"


@pytest.fixture
def secret(settings):
    settings.MAIL_IN_SECRET = "s3cret-for-the-hook"
    return settings.MAIL_IN_SECRET


def test_without_a_secret_set_there_is_no_webhook(client, table, alice):
    response = client.post(URL, reply(table, alice, "draw"), content_type="message/rfc822")
    assert response.status_code == 404


def test_a_wrong_or_missing_secret_is_refused_and_plays_nothing(client, secret, table, alice):
    raw = reply(table, alice, "draw")
    assert client.post(URL, raw, content_type="message/rfc822").status_code == 403
    assert (
        client.post(URL, raw, content_type="message/rfc822", headers={"Authorization": "Bearer nope"}).status_code
        == 403
    )
    assert not Event.objects.filter(game=table, seat=0).exists()


def test_the_raw_message_as_the_body_plays_the_move(client, secret, table, alice, enqueued):
    response = client.post(
        URL, reply(table, alice, "draw"), content_type="message/rfc822", headers={"Authorization": f"Bearer {secret}"}
    )
    assert response.status_code == 200 and response.json()["status"] == "played"
    assert Event.objects.filter(game=table, seat=0).last().move == {"type": "draw", "from": "pile"}


def test_the_raw_message_in_a_form_field_with_basic_auth(client, secret, table, alice, enqueued):
    basic = base64.b64encode(f"capitalla:{secret}".encode()).decode()
    response = client.post(
        URL, {"email": reply(table, alice, "draw").decode()}, headers={"Authorization": f"Basic {basic}"}
    )
    assert response.status_code == 200 and response.json()["status"] == "played"


def test_a_refusal_is_answered_200_so_the_service_does_not_post_it_again(client, secret, table, alice):
    response = client.post(
        URL,
        reply(table, alice, "draw", sender="mallory@example.net"),
        content_type="message/rfc822",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert response.status_code == 200 and response.json()["status"] == "rejected"


def test_an_empty_or_huge_post_is_a_clear_4xx(client, secret):
    auth = {"Authorization": f"Bearer {secret}"}
    assert client.post(URL, b"", content_type="message/rfc822", headers=auth).status_code == 400
    huge = b"x" * (3 * 1024 * 1024)
    assert client.post(URL, huge, content_type="message/rfc822", headers=auth).status_code == 413
    # A Content-Length no server should pass on, were one to: a 400, not a 500.
    forged = client.post(URL, b"x", content_type="message/rfc822", headers=auth, CONTENT_LENGTH="lots")
    assert forged.status_code == 400 and "Content-Length" in forged.json()["error"]
