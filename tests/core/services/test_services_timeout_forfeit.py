"""Forfeit policy: a player whose time runs out is out of the game."""

from datetime import timedelta

import pytest

from tables.actions import lifecycle, turn_timeouts
from tables.models import Game
from tables.replay import replay

pytestmark = pytest.mark.django_db


def forfeit_table(alice, bob, charlie=None):
    game = lifecycle.create_table(alice, "capitalla", seats=3 if charlie else 2, timeout_policy="forfeit")
    lifecycle.join_table(bob, game.pk)
    if charlie:
        lifecycle.join_table(charlie, game.pk)
    return lifecycle.start_table(alice, game.pk)


def test_running_out_of_time_puts_the_player_out_and_the_game_goes_on(alice, bob, charlie):
    game = forfeit_table(alice, bob, charlie)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
    game.refresh_from_db()
    assert [(e.seat, e.move) for e in game.events.all()] == [(0, {"type": "timeout"}), (0, {"type": "resign"})]
    assert game.status == Game.Status.ACTIVE
    assert game.state["out"] == [0] and game.to_act == [1] and game.clock_seat == 1
    assert "Alice ran out of time and is out of the game." in [
        e.summary.replace("{player}", "Alice") for e in game.events.all()
    ]
    assert replay(game) == game.state


def test_the_last_player_standing_wins_when_the_other_runs_out(alice, bob):
    game = forfeit_table(alice, bob)
    turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [1] and game.result["reason"] == "last_standing"
    # Said so that it is true of a timeout too (it said "everyone else resigned").
    headline = game.plugin.result_headline(game.result, ["Alice", "Bob"].__getitem__)
    assert headline == "Bob won: everyone else is out of the game."
    assert game.deadline is None and game.clock_seat is None
