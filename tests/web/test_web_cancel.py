"""The host may call a dealt game off before the first move, from the game page."""

import pytest

from games import services
from games.models import Game
from ledger import chips

pytestmark = pytest.mark.django_db


def test_the_host_calls_off_an_unplayed_staked_game_and_the_antes_return(client, alice, bob):
    game = services.create_table(alice, "capitalla", seats=2, ante=100)
    services.join_table(bob, game.pk)
    services.start_table(alice, game.pk)
    client.force_login(alice)
    assert "Call the game off" in client.get(f"/games/{game.pk}/").text
    response = client.post(f"/games/{game.pk}/cancel/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    assert chips.balance_of(alice) == chips.balance_of(bob) == 1000


def test_another_player_cannot_call_it_off(client, table, bob):
    client.force_login(bob)
    assert "Call the game off" not in client.get(f"/games/{table.pk}/").text
    assert client.post(f"/games/{table.pk}/cancel/").status_code == 403
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
