"""A failed join or start must not tell anyone another player's balance: it says that a
player cannot cover the ante. Players are told their own balance only."""

import pytest
from django.urls import reverse

from ledger import chips
from tables.actions import errors, lifecycle, player_moves
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]


def spend_down(user, player, keep: int):
    """Leave `user` with `keep` chips: they lose the rest in a game against a new player."""
    other = player(f"taker-of-{user.username}")
    game = lifecycle.create_table(other, "capitalla", seats=2, ante=chips.balance_of(user) - keep)
    lifecycle.join_table(user, game.pk)
    player_moves.resign(user, lifecycle.start_table(other, game.pk).pk)
    assert chips.balance_of(user) == keep


@pytest.fixture
def bob_short(alice, bob, player):
    """Bob sat at Alice's 300-chip table before antes were paid on sitting down (his went
    back: as a seat of then), then lost all but 100 chips elsewhere."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=300)
    lifecycle.join_table(bob, game.pk)
    chips.return_ante(game, 1)
    spend_down(bob, player, keep=100)
    return game


def test_a_failed_start_does_not_tell_the_host_another_players_balance(alice, bob_short):
    with pytest.raises(errors.Conflict) as refused:
        lifecycle.start_table(alice, bob_short.pk)
    message = refused.value.message
    assert "a player cannot cover the ante" in message.lower()
    assert "Bob" not in message and "100" not in message
    assert Game.objects.get(pk=bob_short.pk).status == Game.Status.OPEN


def test_the_start_page_does_not_show_another_players_balance(client, alice, bob_short):
    client.force_login(alice)
    response = client.post(reverse("start", args=[bob_short.pk]), follow=True)
    text = response.text
    assert "cannot cover the ante" in text
    assert "has only" not in text and "only 100" not in text


def test_a_host_short_of_the_ante_is_told_their_own_balance(alice, bob, player):
    spend_down(alice, player, keep=120)
    with pytest.raises(errors.Conflict, match="you have only 120"):
        lifecycle.create_table(alice, "capitalla", seats=2, ante=300)


def test_a_player_short_of_the_ante_to_join_is_told_their_own_balance(alice, bob, player):
    spend_down(bob, player, keep=200)
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=300)
    with pytest.raises(errors.Conflict, match="you have only 200"):
        lifecycle.join_table(bob, game.pk)
