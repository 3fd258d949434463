"""A step where the seats act at once (GamePlugin.acting_at_once) has one clock for every
person to act: one seat's choice leaves the others' deadline as it was, the step's end
starts the turn seat's own clock, and the next such step starts a fresh one."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import bot_play, player_moves

pytestmark = pytest.mark.django_db

PICK = {"type": "pick", "number": 1}
PASS = {"type": "pass"}


def test_everyone_acting_at_once_shares_one_deadline(picks, alice, bob, charlie):
    before = timezone.now()
    game = picks(alice, bob, charlie, turn_seconds=3600)
    assert game.to_act == [0, 1, 2]
    assert game.clock_at_once and game.clock_seat is None
    assert game.clock_seats() == [0, 1, 2]
    assert before + timedelta(seconds=900) <= game.deadline <= timezone.now() + timedelta(seconds=900)


def test_a_choice_by_alice_leaves_bobs_deadline_and_mails_as_they_were(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    clock = (game.deadline, game.turn_mail_at, game.remind_at)
    game = player_moves.play_move(alice, game.pk, game.version, PICK)
    assert game.clock_at_once and game.clock_seats() == [1, 2]
    assert (game.deadline, game.turn_mail_at, game.remind_at) == clock


def test_the_steps_end_starts_the_turn_seats_own_clock(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    game = player_moves.play_move(alice, game.pk, game.version, PICK)
    before = timezone.now()
    game = player_moves.play_move(bob, game.pk, game.version, PICK)
    assert game.state["phase"] == "turns" and game.to_act == [0]
    assert not game.clock_at_once and game.clock_seat == 0 and not game.extra_time_used
    assert before + timedelta(seconds=3600) <= game.deadline <= timezone.now() + timedelta(seconds=3600)


def test_the_next_step_of_choosing_at_once_starts_a_fresh_clock(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    first = game.deadline
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, PICK)
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, PASS)
    assert game.state["round"] == 2 and game.to_act == [0, 1]
    assert game.clock_at_once and game.clock_seats() == [0, 1] and game.deadline > first


def test_no_clock_runs_once_only_bots_are_left_to_choose(picks, alice):
    game = picks(alice, bots=2, turn_seconds=3600)
    assert game.clock_seats() == [0]
    game = player_moves.play_move(alice, game.pk, game.version, PICK)
    assert game.to_act == [1, 2]
    assert (game.clock_seat, game.deadline, game.turn_mail_at, game.remind_at) == (None, None, None, None)


def test_a_player_back_from_the_bot_joins_the_step_on_its_clock(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    game.seats.filter(index=1).update(away=True)
    game = player_moves.play_move(alice, game.pk, game.version, PICK)
    assert game.deadline is None  # only the bot playing Bob's seat is left to choose
    game = bot_play.come_back(bob, game.pk)
    assert game.clock_at_once and game.clock_seats() == [1]
