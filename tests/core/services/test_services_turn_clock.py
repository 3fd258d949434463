"""The turn clock: set when the turn passes to a human seat, kept between that seat's pick
and discard, cleared when a bot or nobody is to act."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import bot_play, errors, lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def first_legal(game, seat):
    return game.rules.legal_moves(game.state, seat)[0]


def test_the_first_players_clock_starts_with_the_deal(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=3600)
    lifecycle.join_table(bob, game.pk)
    before = timezone.now()
    game = lifecycle.start_table(alice, game.pk)
    assert game.clock_seat == 0
    assert before + timedelta(seconds=3600) <= game.deadline <= timezone.now() + timedelta(seconds=3600)


def test_the_clock_keeps_running_between_pick_and_discard_and_passes_on(table, alice, bob):
    started = table.deadline
    game = player_moves.play_move(alice, table.pk, 0, first_legal(table, 0))  # pick
    assert (game.clock_seat, game.deadline) == (0, started)
    game = player_moves.play_move(alice, game.pk, 1, first_legal(game, 0))  # discard
    assert game.clock_seat == 1 and game.deadline > started


def test_no_clock_runs_while_a_bot_is_to_act(alice, no_declarations):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    game = player_moves.play_move(alice, game.pk, 0, first_legal(game, 0))
    game = player_moves.play_move(alice, game.pk, 1, first_legal(game, 0))
    assert game.to_act == [1]
    assert (game.clock_seat, game.deadline, game.remind_at) == (None, None, None)
    assert bot_play.play_bot_turn(game.pk, game.version)
    game.refresh_from_db()
    assert game.to_act == [1]  # the bot picked; it discards next
    assert bot_play.play_bot_turn(game.pk, game.version)
    game.refresh_from_db()
    assert game.to_act == [0] and game.clock_seat == 0 and game.deadline is not None


def test_the_clock_stops_when_the_game_ends(table, bob):
    game = player_moves.resign(bob, table.pk)
    assert game.status == Game.Status.FINISHED
    assert (game.clock_seat, game.deadline, game.remind_at) == (None, None, None)


@pytest.mark.parametrize("turn_seconds,policy", [(45, "bot"), (3600, "sometimes")])
def test_turn_times_and_policies_off_the_list_are_refused(alice, turn_seconds, policy):
    with pytest.raises(errors.ServiceError):
        lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=turn_seconds, timeout_policy=policy)
    assert not Game.objects.exists()


def test_the_turn_mail_and_reminder_fall_due_with_each_turn_of_a_correspondence_game(alice, bob, settings):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=3600)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    assert game.deadline - game.remind_at == timedelta(seconds=720)
    assert game.turn_mail_at - game.started_at >= timedelta(seconds=settings.TURN_MAIL_DELAY)
    game = player_moves.play_move(alice, game.pk, 0, first_legal(game, 0))
    assert game.clock_seat == 0 and game.turn_mail_at is None  # she is playing her turn
    game = player_moves.play_move(alice, game.pk, 1, first_legal(game, 0))
    # Bob's turn: whether he gets mail is the sweeper's question, not the move's.
    assert game.clock_seat == 1 and game.turn_mail_at is not None and game.remind_at is not None
