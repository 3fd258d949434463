"""Creating, joining, leaving and starting tables."""

import pytest

from tables.actions import errors, lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db


def test_the_host_sits_at_seat_zero_and_bots_take_the_last_seats(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=4, bots=2)
    assert [(s.index, s.user, s.is_bot) for s in game.seats.all()] == [
        (0, alice, False),
        (2, None, True),
        (3, None, True),
    ]
    assert game.free_indexes() == [1]


@pytest.mark.parametrize("seats,bots", [(1, 0), (7, 0), (4, 5), (4, -1)])
def test_impossible_tables_are_refused(alice, seats, bots):
    with pytest.raises(errors.ServiceError):
        lifecycle.create_table(alice, "capitalla", seats=seats, bots=bots)
    assert not Game.objects.exists()


def test_unknown_game_kind_is_refused(alice):
    with pytest.raises(errors.ServiceError):
        lifecycle.create_table(alice, "poker", seats=4)


def test_join_takes_the_first_free_seat_and_not_twice(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    assert lifecycle.join_table(bob, game.pk).index == 1
    with pytest.raises(errors.Conflict):
        lifecycle.join_table(bob, game.pk)


def test_a_full_table_refuses_joiners(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with pytest.raises(errors.Conflict):
        lifecycle.join_table(charlie, game.pk)


def test_only_the_host_starts_and_empty_seats_become_bots(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=4, bots=1)
    lifecycle.join_table(bob, game.pk)
    with pytest.raises(errors.Forbidden):
        lifecycle.start_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    assert game.status == Game.Status.ACTIVE
    assert [s.is_bot for s in game.seats.all()] == [False, False, True, True]
    assert game.state is not None and game.version == 0 and game.to_act == [0]
    with pytest.raises(errors.Conflict):
        lifecycle.start_table(alice, game.pk)


def test_a_bot_table_seats_only_bots_and_the_host_watches(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=3)
    assert all(s.is_bot for s in game.seats.all()) and game.seats.count() == 3
    game = lifecycle.start_table(alice, game.pk)
    assert game.bot_due_at is not None


def test_leaving_frees_the_seat_and_the_host_leaving_abandons(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.leave_table(bob, game.pk)
    assert game.free_indexes() == [1, 2]
    with pytest.raises(errors.Forbidden):
        lifecycle.leave_table(charlie, game.pk)
    assert lifecycle.leave_table(alice, game.pk).status == Game.Status.ABANDONED


def test_no_leaving_after_the_start(table, bob):
    with pytest.raises(errors.Conflict):
        lifecycle.leave_table(bob, table.pk)


def test_options_the_rules_refuse_are_refused_at_creation(alice):
    with pytest.raises(errors.ServiceError, match="round_share_percent"):
        lifecycle.create_table(alice, "capit", seats=4, bots=3, options={"round_share_percent": 50})
    with pytest.raises(errors.ServiceError, match="unknown options"):
        lifecycle.create_table(alice, "capitalla", seats=2, options={"jokers": "all"})
    assert not Game.objects.exists()


@pytest.mark.parametrize("turn_seconds,stops", [(600, False), (12 * 3600, False), (86400, True), (7 * 86400, True)])
def test_absences_stop_the_clock_by_default_from_a_day_per_turn(alice, turn_seconds, stops):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=turn_seconds)
    assert game.absences_stop_clock is stops


def test_the_host_may_choose_whether_absences_stop_the_clock(alice):
    assert not lifecycle.create_table(alice, "capitalla", seats=2, absences_stop_clock=False).absences_stop_clock
    assert lifecycle.create_table(
        alice, "capitalla", seats=2, turn_seconds=600, absences_stop_clock=True
    ).absences_stop_clock


def test_a_closed_table_says_it_is_closed_not_dealt(alice, bob, charlie):
    """Found by a QA pass: the host's second press of Close, or a player leaving as the
    host closed, was told "The cards are dealt … any ante stays in the pot": the table was
    never dealt, and every ante had gone back."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.close_table(alice, game.pk)
    closed = "The host closed this table before the deal. Any ante paid went back."
    for refused in (
        lambda: lifecycle.close_table(alice, game.pk),
        lambda: lifecycle.leave_table(bob, game.pk),
        lambda: lifecycle.join_table(charlie, game.pk),
    ):
        with pytest.raises(errors.Conflict) as error:
            refused()
        assert error.value.message == closed
