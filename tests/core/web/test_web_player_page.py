"""A player's public page: their record per game (a shared win counts) and their latest
results; players' names at a table link to it."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle, player_moves

pytestmark = pytest.mark.django_db


def finish(game, loser):
    return player_moves.resign(loser, game.pk)


def two_player_table(host, guest, kind="capitalla"):
    game = lifecycle.create_table(host, kind, seats=2)
    lifecycle.join_table(guest, game.pk)
    return lifecycle.start_table(host, game.pk)


def test_the_record_counts_finished_games_and_wins_per_game(client, alice, bob, charlie):
    won = finish(two_player_table(alice, bob), bob)
    finish(two_player_table(alice, charlie), alice)
    two_player_table(bob, alice)  # still in play
    vs_bot = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    finish(vs_bot, alice)
    html = client.get(reverse("player", args=[alice.pk])).content.decode()
    assert "<h1>Alice</h1>" in html and "in 1 game now" in html
    assert '<th scope="row">Capitalla</th><td>3</td><td>1</td><td>33%</td>' in html
    assert html.index(f"Capitalla #{vs_bot.pk}") < html.index(f"Capitalla #{won.pk}")  # newest first
    assert f'lost</span> <a href="/games/{vs_bot.pk}/">Capitalla #{vs_bot.pk}</a> against 1 bot' in html
    assert f'won</span> <a href="/games/{won.pk}/">Capitalla #{won.pk}</a> against Bob' in html
    assert f'<a href="{reverse("replay", args=[won.pk])}">replay</a>' in html


def test_a_new_player_has_no_record_yet_and_unknown_players_are_404(client, bob):
    html = client.get(reverse("player", args=[bob.pk])).content.decode()
    assert "No finished game yet." in html
    assert client.get(reverse("player", args=[bob.pk + 100])).status_code == 404


def test_names_at_the_table_link_to_the_players_pages_but_not_bots(client, alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    seats = html.split('<ol class="seats"')[1].split("</ol>")[0]
    assert f'<a href="{reverse("player", args=[alice.pk])}">Alice</a>' in seats
    assert seats.count("/players/") == 1 and "Bot 2 (normal)" in seats


def test_private_games_are_counted_and_listed_only_to_their_players(client, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    lifecycle.join_table(bob, game.pk)
    finish(lifecycle.start_table(alice, game.pk), bob)
    url = reverse("player", args=[alice.pk])
    html = client.get(url).content.decode()
    assert "No finished game yet." in html and f"Capitalla #{game.pk}" not in html
    for player in (alice, bob):
        client.force_login(player)
        html = client.get(url).content.decode()
        assert "<td>1</td><td>1</td><td>100%</td>" in html and f"Capitalla #{game.pk}" in html
