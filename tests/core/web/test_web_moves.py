"""Moves by POST: plain requests redirect, htmx requests get the table partial; a refused
move answers 4xx with the reason and changes nothing."""

import json

import pytest
from django.urls import reverse
from htmx_answers import is_table_partial

from tables.actions import player_moves
from tables.models import Event, Game


def post_move(client, game, data, headers=None):
    return client.post(reverse("move", args=[game.pk]), data, **(headers or {}))


def current(game):
    return Game.objects.get(pk=game.pk)


def test_plain_draw_redirects_to_the_game(client, alice, table):
    client.force_login(alice)
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "pile"})
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[table.pk])
    assert current(table).version == 1


def test_htmx_draw_then_discard_returns_the_partial_and_moves_the_version_by_two(client, alice, table, htmx):
    client.force_login(alice)
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "discard"}, htmx)
    assert response.status_code == 200
    html = response.content.decode()
    assert is_table_partial(html)
    assert "<html" not in html
    assert "Choose the card to discard" in html
    game = current(table)
    hand = game.rules.view(game.state, 0)["hand"]
    assert len(hand) == 14
    response = post_move(client, table, {"version": 1, "type": "discard", "card": hand[0]}, htmx)
    assert response.status_code == 200
    game = current(table)
    assert game.version == 2
    assert game.to_act == [1]
    assert Event.objects.filter(game=game).count() == 2
    assert "Waiting for Bob" in response.content.decode()


def test_take_the_discard_and_throw_it_back(client, alice, table):
    client.force_login(alice)
    top = table.rules.view(table.state, 0)["discard_top"]
    post_move(client, table, {"version": 0, "type": "draw", "from": "discard"})
    post_move(client, table, {"version": 1, "type": "discard", "card": top})
    game = current(table)
    assert game.version == 2
    assert game.rules.view(game.state, None)["discard_top"] == top


def _hand(game, seat):
    return game.rules.view(game.state, seat)["hand"]


BAD_MOVES = {
    "card not in hand": lambda g: ({"version": 1, "type": "discard", "card": _hand(g, 1)[0]}, 400, None),
    "unknown card": lambda g: ({"version": 1, "type": "discard", "card": "XYZ"}, 400, None),
    "garbage card": lambda g: ({"version": 1, "type": "discard", "card": "<script>"}, 400, "is not a card"),
    "unknown type": lambda g: ({"version": 1, "type": "teleport"}, 400, "Unknown kind of move"),
    "no type": lambda g: ({"version": 1}, 400, "no type"),
    "draw now": lambda g: ({"version": 1, "type": "draw", "from": "pile"}, 400, None),
    "bad pile": lambda g: ({"version": 1, "type": "draw", "from": "sleeve"}, 400, "draw from the pile or the discard"),
    "malformed groups": lambda g: (
        {"version": 1, "type": "declare", "discard": _hand(g, 0)[0], "groups": '[["FRA", '},
        400,
        "not valid JSON",
    ),
    "groups not lists": lambda g: (
        {"version": 1, "type": "declare", "discard": _hand(g, 0)[0], "groups": json.dumps({"a": 1})},
        400,
        "list of groups",
    ),
    "groups with junk": lambda g: (
        {"version": 1, "type": "declare", "discard": _hand(g, 0)[0], "groups": json.dumps([[1, 2, 3]])},
        400,
        "not a card",
    ),
    "forged declaration": lambda g: (
        {"version": 1, "type": "declare", "discard": _hand(g, 0)[0], "groups": json.dumps([_hand(g, 0)[1:14]])},
        400,
        None,
    ),
    "missing version": lambda g: ({"type": "discard", "card": _hand(g, 0)[0]}, 400, "version number"),
    "non-integer version": lambda g: (
        {"version": "one", "type": "discard", "card": _hand(g, 0)[0]},
        400,
        "version number",
    ),
    "stale version": lambda g: ({"version": 0, "type": "discard", "card": _hand(g, 0)[0]}, 409, "moved on"),
    "future version": lambda g: ({"version": 7, "type": "discard", "card": _hand(g, 0)[0]}, 409, "moved on"),
}


@pytest.fixture
def picked(alice, table):
    """Alice has drawn and must discard: version 1."""
    player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    return current(table)


@pytest.mark.parametrize("case", BAD_MOVES)
def test_a_refused_htmx_move_says_why_and_changes_nothing(client, alice, picked, htmx, snapshot, case):
    data, status, message = BAD_MOVES[case](picked)
    before = snapshot(picked)
    client.force_login(alice)
    response = post_move(client, picked, data, htmx)
    assert response.status_code == status
    html = response.content.decode()
    assert 'class="alert alert--error" role="alert"' in html
    if message:
        assert message in html
    assert is_table_partial(html)  # the fresh partial, swapped in place
    assert response["HX-Retarget"] == "#table"
    assert snapshot(picked) == before


def test_stale_version_answers_409_with_the_current_position(client, alice, picked, htmx):
    client.force_login(alice)
    response = post_move(client, picked, {"version": 0, "type": "draw", "from": "pile"}, htmx)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'name="version" value="1"' in html
    assert "Choose the card to discard" in html


def test_a_refused_plain_move_shows_the_page_again_with_the_message(client, alice, picked, snapshot):
    # As a refused form is shown again: a redirect would lose what the player had chosen.
    before = snapshot(picked)
    client.force_login(alice)
    response = post_move(client, picked, {"version": 1, "type": "teleport"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "<html" in page and "Unknown kind of move" in page
    assert snapshot(picked) == before
    # The message is the page's own, not left in the session for the next page.
    assert "Unknown kind of move" not in client.get(picked.get_absolute_url()).content.decode()


def test_out_of_turn_is_refused_with_the_engines_reason(client, bob, table, htmx, snapshot):
    before = snapshot(table)
    client.force_login(bob)
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "pile"}, htmx)
    assert response.status_code in (400, 409)
    assert 'role="alert"' in response.content.decode()
    assert snapshot(table) == before


def test_someone_elses_game_is_forbidden(client, charlie, table, htmx, snapshot):
    before = snapshot(table)
    client.force_login(charlie)
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "pile"}, htmx)
    assert response.status_code == 403
    assert "not playing at this table" in response.content.decode()
    # A malformed move from a stranger is still a 403, not a 400.
    assert post_move(client, table, {"version": "x"}, htmx).status_code == 403
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "pile"})
    # A plain request: the table as a stranger may see it, with the message.
    assert response.status_code == 403 and "not playing at this table" in response.content.decode()
    assert snapshot(table) == before


def test_unknown_game_is_404(client, alice, table, htmx):
    client.force_login(alice)
    response = post_move(client, table, {"version": 0, "type": "draw", "from": "pile"}, htmx)
    assert response.status_code == 200
    missing = table.pk + 1000
    for headers in (htmx, {}):
        response = client.post(
            reverse("move", args=[missing]), {"version": 0, "type": "draw", "from": "pile"}, **headers
        )
        assert response.status_code == 404


def test_anonymous_moves_are_refused(client, table, snapshot, htmx):
    before = snapshot(table)
    assert post_move(client, table, {"version": 0, "type": "draw", "from": "pile"}).status_code == 302
    assert post_move(client, table, {"version": 0, "type": "draw", "from": "pile"}, htmx).status_code == 403
    assert snapshot(table) == before


def test_moves_need_post(client, alice, table):
    client.force_login(alice)
    assert client.get(reverse("move", args=[table.pk])).status_code == 405


def test_a_move_after_the_end_is_refused(client, alice, bob, table, htmx, snapshot):
    player_moves.resign(bob, table.pk)
    game = current(table)
    before = snapshot(game)
    client.force_login(alice)
    response = post_move(client, game, {"version": game.version, "type": "draw", "from": "pile"}, htmx)
    assert response.status_code == 409
    assert "not in play" in response.content.decode()
    assert snapshot(game) == before
