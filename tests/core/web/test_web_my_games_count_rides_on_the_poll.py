"""The header's "My games" count rides on the poll (issue 20: it went stale after in-page
updates): a poll that brings news, and a move's answer, swap the count out of band; an
unchanged poll still answers 204 from one query."""

import re

from django.urls import reverse

from tables.actions import player_moves
from tables.context_processors import waiting_count


def poll(client, game, since, headers):
    return client.get(reverse("game", args=[game.pk]), {"since": since, "said": 0}, **headers)


def header_link(html: str) -> str | None:
    found = re.search(r'<a [^>]*id="my-games-link"[^>]*hx-swap-oob="true"[^>]*>(.*?)</a>', html, re.S)
    return found and " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def alice_plays_her_turn(alice, game):
    move = {"type": "draw", "from": "pile"}
    game = player_moves.play_move(alice, game.pk, game.version, move)
    card = game.rules.view(game.state, 0)["hand"][0]
    return player_moves.play_move(alice, game.pk, game.version, {"type": "discard", "card": card})


def test_a_poll_that_brings_my_turn_brings_the_new_count(client, alice, bob, table, htmx):
    client.force_login(bob)
    shown = table.version
    game = alice_plays_her_turn(alice, table)
    assert waiting_count(bob) == 1
    assert header_link(poll(client, game, shown, htmx).content.decode()) == "My games 1 waiting for you"


def test_my_move_answer_brings_the_count_down(client, alice, table, htmx):
    client.force_login(alice)
    assert waiting_count(alice) == 1
    game = player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    card = game.rules.view(game.state, 0)["hand"][0]
    response = client.post(
        reverse("move", args=[game.pk]), {"version": game.version, "type": "discard", "card": card}, **htmx
    )
    assert response.status_code == 200 and header_link(response.content.decode()) == "My games"


def test_an_unchanged_poll_still_answers_204_from_one_query(client, alice, table, htmx, django_assert_num_queries):
    client.force_login(alice)
    with django_assert_num_queries(1):
        response = poll(client, table, table.version, htmx)
    assert response.status_code == 204 and response.content == b""


def test_a_whole_page_has_one_header_link_and_no_out_of_band_copy(client, alice, table):
    client.force_login(alice)
    html = client.get(table.get_absolute_url()).content.decode()
    assert html.count('id="my-games-link"') == 1 and header_link(html) is None
