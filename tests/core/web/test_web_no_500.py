"""Junk requests to every page get an answer below 500, signed in or not."""

import pytest
from url_walk import names_of, path_of, routes, sample_values

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db

JUNK = ["", "0", "-1", "abc", "99999999999999999999", "%00", "nul\x00byte", "' OR 1=1 --", "{}", '[["FRA"]]']


def paths(game_id, capit_id):
    return [
        "/",
        "/my-games/",
        "/chips/",
        "/outbox/",
        "/accounts/profile/",
        "/tables/new/",
        "/tables/quick/",
        f"/games/{game_id}/",
        f"/games/{game_id}/move/",
        f"/games/{game_id}/join/",
        f"/games/{game_id}/leave/",
        f"/games/{game_id}/start/",
        f"/games/{game_id}/cancel/",
        f"/games/{game_id}/resign/",
        f"/games/{game_id}/history/",
        f"/games/{game_id}/continue/1/",
        f"/games/{capit_id}/capit/check/",
        f"/games/{capit_id}/move/",
        f"/games/{capit_id}/capit/hand-order/",
        f"/games/{game_id}/rematch/",
        f"/games/{game_id}/replay/",
        f"/games/{game_id}/chat/",
        f"/games/{game_id}/seats/1/free/",
        f"/games/{game_id}/extra-time/",
        f"/games/{game_id}/back/",
        "/players/1/",
        "/players/999999/",
        "/healthz/",
        "/accounts/password/reset/",
        "/accounts/password/change/",
        "/accounts/password/reset/MQ/bad-token/",
        "/games/999999/",
        "/games/999999/move/",
        "/join/nope/",
        "/rules/nope/",
    ]


@pytest.mark.parametrize("signed_in", [False, True])
def test_junk_never_gets_a_500(client, alice, bob, table, signed_in):
    capit = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=3).pk)
    if signed_in:
        client.force_login(bob)
    for path in paths(table.pk, capit.pk):
        for junk in JUNK:
            fields = {
                "version": junk,
                "type": junk,
                "from": junk,
                "card": junk,
                "discard": junk,
                "groups": junk,
                "kind": junk,
                "cards": junk,
                "meld": junk,
                "wild": junk,
                "since": junk,
                "waiting": junk,
                "A": junk,
                "kind_A": junk,
                "seats": junk,
                "bots": junk,
                "ante": junk,
                "sesame": junk,
                "order": junk,
                "at": junk,
                "text": junk,
                "said": junk,
                "email": junk,
                "old_password": junk,
                "new_password1": junk,
                "new_password2": junk,
            }
            for response in (
                client.get(path, fields),
                client.post(path, fields),
                client.post(path, fields, HTTP_HX_REQUEST="true"),
            ):
                assert response.status_code < 500, (path, junk, response.status_code)


# Junk in a URL's own parameters: numbers past any column, digits past Python's int
# parsing limit, NUL, long and non-ASCII text, path tricks.
URL_JUNK = [
    "0",
    "-1",
    "99999999999999999999",
    "9" * 5000,
    "%00",
    "x" * 2000,
    "%C3%A9%F0%9F%82%A1",
    "..%2F..",
    "%27%20OR%201=1%20--",
]


@pytest.mark.parametrize("signed_in", [False, True])
def test_junk_in_every_url_parameter_never_gets_a_500(client, alice, signed_in):
    capit = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=3).pk)
    values = sample_values(capit, alice)
    if signed_in:
        client.force_login(alice)
    assert set(values) >= {name for route in routes() for name in names_of(route)}  # every parameter known
    for route in routes():
        for name in names_of(route):
            for junk in URL_JUNK:
                path = path_of(route, {**values, name: junk})
                for response in (client.get(path), client.post(path, {"version": "0"})):
                    assert response.status_code < 500, (path[:80], response.status_code)
