"""The "Play again" button under a finished game: it opens the rematch for the first
player who presses it; the others then see "Join the rematch", then "Go to the rematch"."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(table, alice):
    return player_moves.resign(alice, table.pk)


def page(client, user, game) -> str:
    client.force_login(user)
    return client.get(game.get_absolute_url()).content.decode()


def test_players_of_a_finished_game_can_play_again_and_the_others_join(client, finished, alice, bob):
    assert "Play again</button>" in page(client, alice, finished)
    client.force_login(bob)
    response = client.post(reverse("rematch", args=[finished.pk]))
    following = Game.objects.get(rematch_of=finished)
    assert response.status_code == 302 and response["Location"] == following.get_absolute_url()

    html = page(client, alice, finished)
    assert f"Join the rematch (Capitalla #{following.pk})</button>" in html and "Bob opened it." in html
    client.post(reverse("rematch", args=[finished.pk]))
    assert following.seats.filter(user=alice).exists()
    assert f'href="{following.get_absolute_url()}">Go to the rematch (Capitalla #{following.pk})</a>' in page(
        client, alice, finished
    )


def test_spectators_and_games_in_play_have_no_rematch(client, finished, table, charlie, alice, bob):
    assert "Play again" not in page(client, charlie, finished)
    response = client.post(reverse("rematch", args=[finished.pk]))
    assert response.status_code == 403 and "You are not playing at this table." in response.content.decode()
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    assert "Play again" not in page(client, alice, game)
    response = client.post(reverse("rematch", args=[game.pk]))
    assert response.status_code == 409 and "A rematch comes once the game is over." in response.content.decode()
    assert not Game.objects.filter(rematch_of__isnull=False).exists()


def test_a_rematch_needs_a_login_and_a_post(client, finished):
    assert client.post(reverse("rematch", args=[finished.pk])).status_code == 302  # to the login page
    client.force_login(finished.host)
    assert client.get(reverse("rematch", args=[finished.pk])).status_code == 405
    assert not Game.objects.filter(rematch_of__isnull=False).exists()


def test_the_lobby_and_my_games_offer_the_rematch_until_i_join_it(client, finished, alice, bob):
    following = lifecycle.rematch(bob, finished.pk)
    client.force_login(alice)
    for page_name in ("lobby", "my_games"):
        html = client.get(reverse(page_name)).content.decode()
        offer = html.split('id="rematches-title"')[1].split("</section>")[0]
        assert f"A rematch of Capitalla #{finished.pk}" in offer and f"Capitalla #{following.pk}</a>" in offer
        assert f'action="{reverse("rematch", args=[finished.pk])}"' in offer and "Join the rematch</button>" in offer
    lobby = client.get(reverse("lobby")).content.decode()
    assert lobby.count(f"Capitalla #{following.pk}</a>") == 1  # not again under "Open tables"
    client.post(reverse("rematch", args=[finished.pk]))
    assert following.seats.filter(user=alice).exists()
    assert 'id="rematches-title"' not in client.get(reverse("lobby")).content.decode()


def test_playing_again_alone_against_bots_deals_at_once(client, alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    game = player_moves.resign(alice, game.pk)
    client.force_login(alice)
    assert "The same game against the same bots, dealt at once." in client.get(game.get_absolute_url()).content.decode()
    response = client.post(reverse("rematch", args=[game.pk]), follow=True)
    assert "Rematch! The cards are dealt. Good luck!" in response.content.decode()
    assert Game.objects.get(rematch_of=game).status == Game.Status.ACTIVE
