"""NUL characters, which PostgreSQL refuses in text, are refused at the door with a 400
and a message, wherever they come: the path, the query string, a form field's name or
value. A chat line and `/join/%00/` answered 500 on PostgreSQL (run these with
DATABASE_URL set; SQLite stores NUL without complaint). The API's JSON bodies, which the
door does not read, are refused where a string goes in: a chat line holding a NUL, sent
over the API, answered 500 too."""

import pytest

from api import tokens
from tables.models import ChatMessage

pytestmark = pytest.mark.django_db

REFUSAL = b"NUL character"


def test_a_chat_line_with_a_nul_is_refused_and_not_said(client, table, alice):
    client.force_login(alice)
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(f"/games/{table.pk}/chat/", {"text": "hello\x00there"}, **htmx)
        assert response.status_code == 400
        assert REFUSAL in response.content
    assert not ChatMessage.objects.exists()


def test_a_chat_line_with_a_nul_over_the_api_is_refused_and_not_said(client, table, alice):
    secret = tokens.create(alice, "bot", ["read", "play"])[1]
    response = client.post(
        f"/api/v1/games/{table.pk}/chat",
        {"text": "hello\x00there"},
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/join/%00/",
        "/email/unsubscribe/%00/",
        "/accounts/confirm/a%00b/",
        "/accounts/password/reset/M%00Q/x/",
        "/rules/%00/",
    ],
)
def test_a_nul_in_a_url_parameter_is_refused(client, alice, path):
    for signed_in in (False, True):
        if signed_in:
            client.force_login(alice)
        response = client.get(path)
        assert response.status_code == 400, path
        assert REFUSAL in response.content


def test_a_nul_in_the_query_string_or_a_field_name_is_refused(client, table, alice):
    client.force_login(alice)
    assert client.get(f"/games/{table.pk}/", {"since": "1\x00"}).status_code == 400
    assert client.get("/accounts/login/", {"next": "/\x00"}).status_code == 400
    assert client.post(f"/games/{table.pk}/chat/", {"te\x00xt": "hello"}).status_code == 400
    assert client.post("/accounts/login/", {"username": "alice\x00", "password": "x"}).status_code == 400
    assert not ChatMessage.objects.exists()


def test_a_nul_in_a_cookie_is_refused(client):
    response = client.get("/", HTTP_COOKIE="sessionid=abcdefgh\x00ijkl")
    assert response.status_code == 400
    assert REFUSAL in response.content
