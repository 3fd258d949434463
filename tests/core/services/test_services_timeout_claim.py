"""A sweeper's claim that a move beat to the row lock gives the expired deadline back when
the move kept the clock (a pick before the discard), instead of leaving its lease as the
player's deadline: the next pass plays the rest of the turn."""

from datetime import timedelta

import pytest

from tables.actions import player_moves, turn_timeouts
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_declarations")]


def test_a_pick_between_the_claim_and_the_timeout_keeps_the_turns_deadline(table, alice, monkeypatch):
    deadline = table.deadline
    pick = table.rules.legal_moves(table.state, 0)[0]
    apply_timeout = turn_timeouts.apply_timeout

    def alice_picks_first(game_id, version, now=None):
        player_moves.play_move(alice, game_id, version, pick)
        return apply_timeout(game_id, version, now=now)

    monkeypatch.setattr(turn_timeouts, "apply_timeout", alice_picks_first)
    assert turn_timeouts.expire_overdue_turns(now=deadline + timedelta(seconds=1)) == 0
    game = Game.objects.get(pk=table.pk)
    assert (game.version, game.clock_seat, game.deadline) == (1, 0, deadline)
    monkeypatch.setattr(turn_timeouts, "apply_timeout", apply_timeout)
    assert turn_timeouts.expire_overdue_turns(now=deadline + timedelta(seconds=2)) == 1
    game.refresh_from_db()
    assert game.to_act == [1] and game.clock_seat == 1  # the stand-in discarded for Alice
