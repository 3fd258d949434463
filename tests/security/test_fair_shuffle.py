"""Attack: choose or change the deal. The seed is drawn by the server at the start, its
sha256 is published at once and the seed only at the end; the deal and every later draw
follow from the seed and the move log alone, so anyone can check the shuffle afterwards."""

import hashlib

import pytest
from django.urls import reverse

from tables.actions import player_moves
from tables.models import Game
from tables.replay import replay

pytestmark = pytest.mark.django_db


def test_a_forged_seed_in_the_create_form_is_ignored(client, alice):
    client.force_login(alice)
    client.post(
        reverse("create_table"),
        {
            "kind": "capitalla",
            "seats": 2,
            "bots": 1,
            "bot_level": "easy",
            "turn_seconds": 86400,
            "timeout_policy": "bot",
            "seed": "1",
        },
    )
    game = Game.objects.get(host=alice)
    client.post(reverse("start", args=[game.pk]), {"seed": "1"})
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seed != 1


def test_the_commitment_is_public_from_the_deal_and_the_seed_only_at_the_end(table, bob):
    assert table.seed_revealed is None
    assert table.seed_hash == hashlib.sha256(str(table.seed).encode()).hexdigest()
    game = player_moves.resign(bob, table.pk)
    assert game.seed_revealed == table.seed


def test_the_seed_and_the_log_rebuild_the_game(table, alice):
    game = player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "discard", "card": game.state["hands"][0][0]})
    assert replay(Game.objects.get(pk=game.pk)) == game.state
