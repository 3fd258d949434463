"""A game's stream of news for an API client (/api/v1/games/<id>/live/, under ASGI): opened
with a bearer token of `read` scope, never with a session cookie; a table the token's
user may not see is 404, as for no table; the news is the pages' own ("table", version)."""

import json

import pytest
from django.urls import reverse

from tables.actions import lifecycle, player_moves
from tests.asgi_site import Stream

pytestmark = pytest.mark.django_db(transaction=True)


def path(game) -> str:
    return reverse("api:live", args=[game.pk])


def bearer(secret: str) -> dict:
    return {"Authorization": f"Bearer {secret}"}


def test_a_move_reaches_an_api_clients_stream(asgi_site, token_of, alice, bob, table):
    stream = Stream(asgi_site, path(table), headers=bearer(token_of(bob, ["read"])))
    assert stream.status == 200 and stream.headers["content-type"] == "text/event-stream"
    game = player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert stream.next_event() == ("table", str(game.version))
    stream.close()


def test_a_session_cookie_opens_no_api_stream(asgi_site, client, bob, table):
    client.force_login(bob)
    stream = Stream(asgi_site, path(table), cookies={"sessionid": client.cookies["sessionid"].value})
    assert stream.status == 401 and json.loads(stream.body)["detail"].startswith("Send a valid API token")


def test_a_token_without_read_scope_is_refused(asgi_site, token_of, bob, table):
    stream = Stream(asgi_site, path(table), headers=bearer(token_of(bob, ["play"])))
    assert stream.status == 403


def test_a_private_table_is_404_as_no_table(asgi_site, token_of, alice, charlie):
    private = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    secret = token_of(charlie, ["read"])
    refused = Stream(asgi_site, path(private), headers=bearer(secret))
    missing = Stream(asgi_site, f"/api/v1/games/{private.pk + 1000}/live/", headers=bearer(secret))
    junk = Stream(asgi_site, "/api/v1/games/abc/live/", headers=bearer(secret))
    assert (refused.status, refused.body) == (missing.status, missing.body) == (junk.status, junk.body)
    assert refused.status == 404


def test_under_wsgi_the_api_says_to_long_poll(api_as, bob, table):
    answer = api_as(bob).get(f"/games/{table.pk}/live/")
    assert answer.status_code == 404 and "long-poll" in answer.json()["detail"]
