"""Attack: watch a player's page to learn about their private games: "in N games now"
drops when one ends, and the played/won record tells who won. A private game counts only
for viewers who may see it: its players (and the staff)."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle, player_moves

pytestmark = pytest.mark.django_db


def private_game(host, guest, finished: bool):
    game = lifecycle.create_table(host, "capitalla", seats=2, private=True)
    lifecycle.join_table(guest, game.pk)
    game = lifecycle.start_table(host, game.pk)
    if finished:
        player_moves.resign(guest, game.pk)  # the host wins
    return game


def page(client, user):
    return client.get(reverse("player", args=[user.pk])).content.decode()


@pytest.mark.parametrize("visitor", ["anonymous", "stranger"])
def test_an_outsider_learns_nothing_of_a_player_s_private_games(client, alice, bob, charlie, visitor):
    private_game(alice, bob, finished=False)
    private_game(alice, bob, finished=True)
    if visitor == "stranger":
        client.force_login(charlie)
    html = page(client, alice)
    assert "games now" not in html and "game now" not in html
    assert "No finished game yet." in html


def test_a_fellow_player_sees_only_the_private_games_they_played_in(client, alice, bob, charlie):
    private_game(alice, bob, finished=True)
    private_game(alice, charlie, finished=True)  # none of Bob's business
    private_game(alice, charlie, finished=False)
    client.force_login(bob)
    html = page(client, alice)
    assert "game now" not in html
    assert '<th scope="row">Capitalla</th><td>1</td><td>1</td><td>100%</td>' in html


def test_the_player_sees_all_their_own_games(client, alice, bob, charlie):
    private_game(alice, bob, finished=True)
    private_game(alice, charlie, finished=True)
    private_game(alice, charlie, finished=False)
    client.force_login(alice)
    html = page(client, alice)
    assert "in 1 game now" in html
    assert '<th scope="row">Capitalla</th><td>2</td><td>2</td><td>100%</td>' in html
