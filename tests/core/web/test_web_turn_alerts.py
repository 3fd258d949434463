"""Your-turn alerts (issue 20 §4): the table says whose turn it is to the page's script
(`data-my-turn="1"` on #table, also in the poll's answer), and the alert controls are on
the page of a seated player, outside the part the poll swaps."""

import re

from django.urls import reverse

from tables.actions import player_moves


def page(client, game, **headers) -> str:
    return client.get(reverse("game", args=[game.pk]), **headers).content.decode()


def table_tag(html: str) -> str:
    return re.search(r'<section id="table"[^>]*>', html).group(0)


def test_the_table_says_it_is_my_turn(client, alice, table):
    client.force_login(alice)
    assert 'data-my-turn="1"' in table_tag(page(client, table))


def test_the_table_says_nothing_while_another_player_is_to_act(client, bob, table):
    client.force_login(bob)
    assert "data-my-turn" not in table_tag(page(client, table))


def test_the_polls_answer_says_it_has_become_my_turn(client, alice, bob, table, htmx):
    game = player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    hand = game.state["hands"][0]
    player_moves.play_move(alice, table.pk, game.version, {"type": "discard", "card": hand[0]})
    client.force_login(bob)
    html = client.get(reverse("game", args=[table.pk]), {"since": 0}, **htmx).content.decode()
    assert 'data-my-turn="1"' in table_tag(html)
    # The controls stay where they are: the answer swaps the table only.
    assert "data-turn-alerts" not in html


def test_a_seated_player_gets_the_alert_controls(client, bob, table):
    client.force_login(bob)
    html = page(client, table)
    assert "data-turn-alerts" in html
    assert "Alert me when it's my turn" in html


def test_a_spectator_gets_no_alert_controls(client, charlie, table):
    client.force_login(charlie)
    assert "data-turn-alerts" not in page(client, table)


def test_a_finished_game_has_no_alert_controls(client, alice, bob, table):
    player_moves.resign(bob, table.pk)
    client.force_login(alice)
    html = page(client, table)
    assert "data-turn-alerts" not in html
    assert "data-my-turn" not in table_tag(html)
