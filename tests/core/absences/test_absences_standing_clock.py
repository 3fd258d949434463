"""While a player is away, their clock stands still at tables whose absences stop the
clock: a running clock keeps its time left, a turn that reaches them waits with its full
time, nobody times them out, and at the return the clock runs again with what was left."""

from datetime import timedelta

import pytest
from django.utils import timezone

import tables.tasks
from tables.actions import absences, lifecycle, turn_timeouts
from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db

HOURS_5 = timedelta(hours=5)


def test_a_turn_falling_due_while_away_is_not_timed_out_and_keeps_its_time(correspondence, alice, go_away):
    now = correspondence.deadline - HOURS_5  # alice has 5 hours left
    absence = go_away(alice, now)
    game = fresh(correspondence)
    assert (game.clock_seat, game.deadline, game.clock_left) == (0, None, HOURS_5)
    assert (game.turn_mail_at, game.remind_at) == (None, None)
    assert turn_timeouts.expire_overdue_turns(now=correspondence.deadline + timedelta(days=3)) == 0
    assert absences.apply_due_absences(now=absence.ends_at - timedelta(seconds=1)) == 0
    assert absences.apply_due_absences(now=absence.ends_at) == 1
    game = fresh(game)
    assert (game.deadline, game.clock_left) == (absence.ends_at + HOURS_5, None)
    assert game.turn_mail_at is not None  # she hears her game waits
    assert turn_timeouts.expire_overdue_turns(now=game.deadline - timedelta(seconds=1)) == 0
    assert turn_timeouts.expire_overdue_turns(now=game.deadline) == 1


def test_an_early_end_resumes_the_clock_with_the_time_left(correspondence, alice, go_away):
    now = correspondence.deadline - HOURS_5
    absence = go_away(alice, now, days=10)
    back = now + timedelta(days=2, hours=3)
    absences.end_absence(alice, absence.pk, now=back)
    game = fresh(correspondence)
    assert (game.clock_seat, game.deadline, game.clock_left) == (0, back + HOURS_5, None)
    assert not game.seats.get(index=0).absent_until


def test_a_turn_reaching_an_absent_player_waits_with_its_full_time(correspondence, alice, bob, go_away):
    absence = go_away(bob, correspondence.deadline - HOURS_5)
    assert fresh(correspondence).deadline == correspondence.deadline  # not bob's turn: alice plays on
    game = play_turn(alice, fresh(correspondence), 0)
    assert game.to_act == [1]
    assert (game.clock_seat, game.deadline, game.clock_left) == (1, None, timedelta(days=1))
    assert (game.turn_mail_at, game.remind_at) == (None, None)
    absences.apply_due_absences(now=absence.ends_at)
    game = fresh(game)
    assert (game.deadline, game.clock_left) == (absence.ends_at + timedelta(days=1), None)


def test_the_others_play_on_where_it_is_not_the_absent_players_turn(alice, bob, charlie, go_away):
    game = lifecycle.create_table(alice, "capitalla", seats=3, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    go_away(charlie, game.deadline - HOURS_5)
    game = play_turn(alice, fresh(game), 0)
    assert game.clock_seat == 1 and game.deadline is not None  # bob's clock runs as usual
    game = play_turn(bob, game, 1)
    assert (game.clock_seat, game.deadline, game.clock_left) == (2, None, timedelta(days=1))
    assert turn_timeouts.expire_overdue_turns(now=game.started_at + timedelta(days=30)) == 0


def test_a_player_away_at_the_deal_stands_from_the_start(alice, bob, go_away):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    go_away(alice, timezone.now())
    game = lifecycle.start_table(alice, game.pk)
    assert (game.clock_seat, game.deadline, game.clock_left) == (0, None, timedelta(days=1))
    assert game.seats.get(index=0).absent_until is not None
    assert [e.move["type"] for e in game.events.all()] == ["absence_starts"]


def test_a_table_whose_absences_do_not_stop_the_clock_keeps_it_running(alice, bob, go_away):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400, absences_stop_clock=False)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    go_away(alice, game.deadline - HOURS_5)
    after = fresh(game)
    assert (after.deadline, after.clock_left, after.version) == (game.deadline, None, game.version)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline) == 1


def test_the_sweeper_applies_a_start_and_an_end_once(correspondence, alice):
    now = correspondence.deadline - timedelta(hours=36)  # tomorrow begins before her deadline
    tomorrow = alice.today(now) + timedelta(days=1)
    absence = absences.announce_absence(alice, tomorrow, tomorrow + timedelta(days=2), now=now)
    assert fresh(correspondence).deadline == correspondence.deadline  # planned: nothing yet
    assert absences.apply_due_absences(now=absence.starts_at) == 1
    assert absences.apply_due_absences(now=absence.starts_at) == 0
    left = correspondence.deadline - absence.starts_at
    assert fresh(correspondence).clock_left == left
    assert absences.apply_due_absences(now=absence.ends_at) == 1
    assert absences.apply_due_absences(now=absence.ends_at) == 0
    game = fresh(correspondence)
    assert game.deadline == absence.ends_at + left
    assert [e.move["type"] for e in game.events.all()] == ["absence_starts", "absence_ends"]


def test_the_beat_sweep_applies_the_absences_due(correspondence, alice, enqueued):
    yesterday = timezone.now() - timedelta(days=1)
    today = alice.today(timezone.now())
    absence = absences.announce_absence(alice, today, today + timedelta(days=2), now=yesterday)
    assert not absence.begun
    assert tables.tasks.sweep()["absences"] == 1
    assert fresh(correspondence).clock_left is not None
