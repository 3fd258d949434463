"""A seat a stand-in bot plays after three missed turns still belongs to its player: the
chips it wins go to the player's account, never to the house."""

from datetime import timedelta

import pytest

from ledger import chips
from ledger.models import Account, Entry
from tables.actions import lifecycle, player_moves, turn_timeouts
from tables.management.commands.verify_ledger import problems
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued", "no_declarations")]


def bob_plays_a_turn(bob, game):
    while game.status == Game.Status.ACTIVE and game.to_act == [1]:
        move = game.rules.legal_moves(game.state, 1)[0]  # draw from the pile, then discard
        game = player_moves.play_move(bob, game.pk, game.version, move)
    return game


def test_a_staked_game_won_by_a_stand_in_seat_pays_its_player(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    while not game.seats.get(index=0).away:  # Alice lets her clock run out, three turns in a row
        assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
        game = bob_plays_a_turn(bob, Game.objects.get(pk=game.pk))
    game = player_moves.resign(bob, game.pk)
    assert game.result["winners"] == [0]
    assert chips.balance_of(alice) == 1100 and chips.balance_of(bob) == 900
    assert not Entry.objects.filter(credit__kind=Account.Kind.HOUSE).exists()
    assert problems() == []
