"""The host may close a table from its page before the deal; once the cards are dealt,
nobody can call the game off (tests/security/test_free_redeals.py)."""

import pytest

from ledger import chips
from tables.actions import lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting(alice, bob):
    """Alice's open 3-seat table played for chips, Bob seated, one seat still free."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, game.pk)
    return game


def test_the_host_closes_an_open_staked_table_and_nobody_has_paid(client, alice, bob, waiting):
    client.force_login(alice)
    assert "Close the table" in client.get(f"/games/{waiting.pk}/").text
    response = client.post(f"/games/{waiting.pk}/cancel/", follow=True)
    assert response.redirect_chain[-1][0] == "/" and "You closed the table." in response.text
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.ABANDONED
    assert chips.balance_of(alice) == chips.balance_of(bob) == 1000
    assert chips.pot_of(waiting).balance() == 0
    assert "The host closed this table before the deal." in client.get(f"/games/{waiting.pk}/").text


def test_another_player_cannot_close_it(client, bob, waiting):
    client.force_login(bob)
    page = client.get(f"/games/{waiting.pk}/").text
    assert "Close the table" not in page and "Leave the table" in page
    assert client.post(f"/games/{waiting.pk}/cancel/").status_code == 403
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.OPEN
