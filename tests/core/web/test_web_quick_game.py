"""Play now against bots: one click in the lobby deals a game of the chosen kind with the
player and three bots."""

import pytest
from django.urls import reverse

from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["capitalla", "capit"])
def test_one_click_deals_a_game_against_three_bots(client, alice, kind):
    client.force_login(alice)
    assert f'name="kind" value="{kind}"' in client.get(reverse("lobby")).content.decode()
    response = client.post(reverse("quick_game"), {"kind": kind}, follow=True)
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert "The cards are dealt. Good luck!" in response.content.decode()
    assert (game.kind, game.status, game.ante) == (kind, Game.Status.ACTIVE, 0)
    assert [s.user for s in game.seat_list] == [alice, None, None, None]


def test_an_unknown_game_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "poker"})
    assert response.status_code == 400 and "Choose one of the games to play." in response.content.decode()
    assert not Game.objects.exists()


def test_quick_play_needs_a_login(client, db):
    response = client.post(reverse("quick_game"), {"kind": "capitalla"})
    assert response.status_code == 302 and not Game.objects.exists()
