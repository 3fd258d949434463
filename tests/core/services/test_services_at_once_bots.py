"""Bots in a step where the seats act at once: one bot task makes every bot seat's choice
(each its own event), so the people choosing with them never wait one bot delay per bot."""

import pytest

from tables.actions import bot_play, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def test_one_bot_task_makes_both_bots_choices(picks, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = picks(alice, bots=2, turn_seconds=3600)
    assert [name for name, _, _ in enqueued] == ["play_bot_turn"]
    assert run_enqueued("play_bot_turn") == [True]
    game = Game.objects.get(pk=game.pk)
    assert game.state["picks"] == [None, 3, 3] and game.to_act == [0]
    assert [(e.seat, e.move["type"]) for e in game.events.all()] == [(1, "pick"), (2, "pick")]
    assert game.clock_at_once and game.clock_seats() == [0]  # Alice's clock runs on as it was
    assert game.bot_due_at is None


def test_the_bot_task_plays_a_seat_taken_over_by_a_bot_with_the_others(picks, alice, bob):
    game = picks(alice, bob, bots=1, turn_seconds=3600)
    game.seats.filter(index=1).update(away=True)
    assert bot_play.play_bot_turn(game.pk, game.version)
    game = Game.objects.get(pk=game.pk)
    assert game.state["picks"] == [None, 3, 3] and game.clock_seats() == [0]


def test_the_last_bots_choice_starts_the_turn_seats_clock(picks, alice):
    game = picks(alice, bots=2, turn_seconds=3600)
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "pick", "number": 2})
    assert game.deadline is None
    assert bot_play.play_bot_turn(game.pk, game.version)
    game = Game.objects.get(pk=game.pk)
    assert game.state["phase"] == "turns" and game.clock_seat == 0 and game.deadline is not None
