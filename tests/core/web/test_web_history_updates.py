"""The moves under the table: a whole page lists the latest ones; an htmx answer carries
only the lines the page lacks, or the whole list when it cannot tell which those are."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.actions import player_moves, time_grants
from tables.models import RECENT_MOVES, Game
from tables.move_log import JUST_NOW_MOST

PREPEND = 'hx-swap-oob="afterbegin:#history-list"'
REPLACE = '<section id="history" class="history" aria-labelledby="history-title" hx-swap-oob="true"'


def play(game, users, moves: int) -> Game:
    """`moves` moves by whoever is to act, never a declaration (the game goes on)."""
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        seat = game.to_act[0]
        move = next(m for m in game.rules.legal_moves(game.state, seat) if m["type"] != "declare")
        game = player_moves.play_move(users[seat], game.pk, game.version, move)
    return game


def lines(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li value="(\d+)"', html)]


def poll(client, game, since, htmx):
    return client.get(reverse("game", args=[game.pk]), {"since": since}, **htmx)


def test_the_page_lists_the_latest_moves_under_the_table(client, alice, bob, table):
    game = play(table, [alice, bob], RECENT_MOVES + 4)
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    table_html, history_html = html.split('<section id="history"')
    assert 'class="history__list"' not in table_html
    assert lines(history_html) == list(range(game.version, game.version - RECENT_MOVES, -1))
    assert "hx-swap-oob" not in html
    assert reverse("history", args=[game.pk]) in history_html


def test_a_move_answer_carries_only_its_own_line_on_top_of_the_list(client, alice, bob, table, htmx):
    game = play(table, [alice, bob], 2)  # Alice's pick and discard: Bob picks
    client.force_login(bob)
    response = client.post(
        reverse("move", args=[game.pk]), {"version": game.version, "type": "draw", "from": "pile"}, **htmx
    )
    html = response.content.decode()
    assert response.status_code == 200 and PREPEND in html
    assert lines(html) == [game.version + 1]
    assert "Bob drew from the draw pile." in html


def test_a_move_answer_reads_only_the_just_now_panels_few_move_rows(client, alice, bob, table, htmx):
    """The move's own line comes from the event it recorded; the "Just now" panel in the
    table reads the latest few moves once."""
    game = play(table, [alice, bob], 2)
    client.force_login(bob)
    with CaptureQueriesContext(connection) as queries:
        client.post(reverse("move", args=[game.pk]), {"version": game.version, "type": "draw", "from": "pile"}, **htmx)
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"games_event"' in q["sql"]]
    assert len(reads) == 1 and reads[0].endswith(f"LIMIT {JUST_NOW_MOST}")


def test_a_poll_brings_every_move_since_the_version_the_page_shows(client, alice, bob, table, htmx):
    client.force_login(bob)
    game = play(table, [alice, bob], 2)
    shown = game.version
    game = play(game, [alice, bob], 3)
    html = poll(client, game, shown, htmx).content.decode()
    assert PREPEND in html and lines(html) == [shown + 3, shown + 2, shown + 1]


def test_a_page_with_no_moves_yet_gets_the_whole_list(client, alice, bob, table, htmx):
    client.force_login(bob)
    game = play(table, [alice, bob], 1)
    html = poll(client, game, 0, htmx).content.decode()
    assert REPLACE in html and lines(html) == [1] and PREPEND not in html


def test_a_page_too_far_behind_gets_the_whole_list_again(client, alice, bob, table, htmx):
    client.force_login(bob)
    game = play(table, [alice, bob], RECENT_MOVES + 3)
    html = poll(client, game, 2, htmx).content.decode()  # moves 3 and 4 are no longer recent
    assert REPLACE in html and PREPEND not in html
    assert lines(html) == list(range(game.version, game.version - RECENT_MOVES, -1))


def test_a_refused_move_brings_the_page_up_to_date(client, alice, bob, table, htmx):
    game = play(table, [alice, bob], 3)
    client.force_login(alice)
    response = client.post(
        reverse("move", args=[game.pk]), {"version": game.version - 1, "type": "discard", "card": "PER"}, **htmx
    )
    html = response.content.decode()
    assert response.status_code == 409 and PREPEND in html and lines(html) == [game.version]


def test_every_table_form_syncs_on_the_table_so_a_poll_never_lands_after_a_move(client, alice, table):
    client.force_login(alice)
    html = client.get(table.get_absolute_url()).content.decode()
    forms = re.findall(r"<form [^>]*hx-post[^>]*>", html)
    # The chat's form sits under the table, so it names it.
    assert forms and all(
        'hx-sync="closest #table:queue first"' in form or 'hx-sync="#table:queue first"' in form for form in forms
    )


def test_a_move_sent_as_an_opponent_gives_extra_time_lands_with_both_lines(client, alice, bob, table, htmx):
    game = play(table, [alice, bob], 2)  # Bob is to pick
    time_grants.grant_extra_time(alice, game.pk, game.version)  # while Bob's page still shows the old version
    client.force_login(bob)
    response = client.post(
        reverse("move", args=[game.pk]), {"version": game.version, "type": "draw", "from": "pile"}, **htmx
    )
    html = response.content.decode()
    assert response.status_code == 200 and PREPEND in html
    assert lines(html) == [game.version + 2, game.version + 1]
    assert "Alice gave Bob" in html and "Bob drew from the draw pile." in html
