"""Absences: announced ahead (within the yearly allowance), ended early ("I'm back"), and
applied by the sweeper when they start and end: an absent player's clock stands still at
each table whose absences stop the clock."""

import logging
from datetime import date, time, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import (
    ABSENCE_DAYS_PER_YEAR,
    ABSENCE_MAX_AHEAD,
    ABSENCE_MAX_DAYS,
    ABSENCE_YEAR_DAYS,
    Absence,
    days_left,
    local_moment,
)
from tables.actions.clocks import _hold_clock, _release_clock
from tables.actions.errors import Conflict, NotFound, ServiceError
from tables.actions.game_state import MOVE_FIELDS, _locked, _publish_bot_turn
from tables.models import Game, Seat

logger = logging.getLogger(__name__)


def check_absence(user, first_day, last_day, now) -> None:
    """An absence `first_day`..`last_day` (dates in the player's zone) the player may
    announce: not in the past, starting within ABSENCE_MAX_AHEAD days, at most
    ABSENCE_MAX_DAYS long, overlapping or touching none of theirs (two absences a day
    apart would be one long one), and keeping every rolling year's absences within
    ABSENCE_DAYS_PER_YEAR days."""
    if not isinstance(first_day, date) or not isinstance(last_day, date):
        raise ServiceError("Give the first and the last day of the absence.")
    today = user.today(now)
    if first_day < today:
        raise ServiceError("An absence cannot start in the past.")
    if first_day > today + timedelta(days=ABSENCE_MAX_AHEAD):
        raise ServiceError(f"Announce an absence at most {ABSENCE_MAX_AHEAD} days ahead.")
    if last_day < first_day:
        raise ServiceError("The last day cannot come before the first.")
    if (last_day - first_day).days + 1 > ABSENCE_MAX_DAYS:
        raise ServiceError(f"An absence lasts at most {ABSENCE_MAX_DAYS} days.")
    near = user.absences.near(first_day, last_day)
    taken = list(near.values_list("first_day", "last_day"))
    day = timedelta(days=1)
    # The days are each absence's own zone's: after a change of time zone, two absences a
    # day apart on the calendar may touch or overlap in time (Honolulu or Pago Pago, then
    # Kiritimati), and the first one's end would start the clocks the second had stopped.
    starts_at, ends_at = absence_moments(user, first_day, last_day)
    if (
        any(first <= last_day + day and first_day - day <= last for first, last in taken)
        or near.filter(starts_at__lte=ends_at, ends_at__gte=starts_at).exists()
    ):
        raise ServiceError("That absence overlaps or touches another of yours: leave at least a day between two.")
    if days_left(user, first_day, last_day, [*taken, (first_day, last_day)]) < 0:
        raise ServiceError(
            f"Absences add up to at most {ABSENCE_DAYS_PER_YEAR} days in any {ABSENCE_YEAR_DAYS} days: "
            "that one would go over."
        )


def announce_absence(user, first_day, last_day, now=None) -> Absence:
    """Announce an absence (checked by `check_absence`, under a lock on the player's row so
    that two at once cannot both pass the allowance). One that starts today starts now."""
    now = now or timezone.now()
    with transaction.atomic():
        user = get_user_model().objects.select_for_update(no_key=True).get(pk=user.pk)
        check_absence(user, first_day, last_day, now)
        starts_at, ends_at = absence_moments(user, first_day, last_day)
        absence = Absence.objects.create(
            user=user, first_day=first_day, last_day=last_day, starts_at=starts_at, ends_at=ends_at
        )
        if absence.starts_at <= now:
            _begin_absence(absence, now)
    return absence


def absence_moments(user, first_day, last_day) -> tuple:
    """When an absence of `first_day`..`last_day` starts and ends: the start of its first
    day and the end of its last in the player's time zone now."""
    return (
        local_moment(first_day, time(0), user.time_zone),
        local_moment(last_day + timedelta(days=1), time(0), user.time_zone),
    )


def end_absence(user, absence_id, now=None) -> Absence | None:
    """ "I'm back": an absence under way ends now (the day of the return counts as taken,
    the days after it are given back) and the player's clocks run again; a planned one is
    called off (None). Someone else's absence does not exist."""
    now = now or timezone.now()
    with transaction.atomic():
        absence = Absence.objects.select_for_update().filter(pk=_id(absence_id), user=user).first()
        if absence is None:
            raise NotFound("No such absence.")
        if absence.over:
            raise Conflict("That absence is over already.")
        if not absence.begun:
            absence.delete()
            return None
        absence.ends_at, absence.ended_early = now, True
        absence.last_day = max(absence.first_day, user.today(now))
        absence.save(update_fields=["ends_at", "ended_early", "last_day"])
        _end_absence(absence, now)
    return absence


def apply_due_absences(now=None, limit: int = 200) -> int:
    """The sweeper's pass over absences: those whose first day began stop their player's
    clocks, those whose last day ended start them again. Each is claimed by a conditional
    update in the transaction that changes the tables, so two sweepers apply it once and
    a failure leaves it due. Returns how many starts and ends were applied."""
    now = now or timezone.now()
    applied = 0
    for flag, due, apply in (
        ("begun", Q(begun=False, starts_at__lte=now), _begin_absence),
        ("over", Q(begun=True, over=False, ends_at__lte=now), _end_absence),
    ):
        for absence in list(Absence.objects.filter(due).select_related("user").order_by("pk")[:limit]):
            try:
                with transaction.atomic():
                    if apply(absence, now):
                        applied += 1
            except Exception:
                logger.exception("Absence %s: applying its %s failed; retried on the next pass", absence.pk, flag)
    return applied


def _begin_absence(absence: Absence, now) -> bool:
    """Stop the player's clock at each of their tables in play whose absences stop the
    clock (locked one by one, in id order), and say so in each log."""
    if not Absence.objects.filter(pk=absence.pk, begun=False).update(begun=True):
        return False
    tables = Seat.objects.filter(
        user=absence.user_id, absent_until=None, game__status=Game.Status.ACTIVE, game__absences_stop_clock=True
    )
    for game_id in sorted(tables.values_list("game_id", flat=True)):
        game = _locked(game_id)
        seat = game.seat_of(absence.user)
        if game.status == Game.Status.ACTIVE and seat.absent_until is None:
            _absent(game, seat, absence.last_day, now)
            _publish_bot_turn(game)
            game.save(update_fields=MOVE_FIELDS)
    return True


def _absent(game: Game, seat: Seat, until: date, now) -> None:
    seat.absent_until = until
    seat.save(update_fields=["absent_until"])
    game.record_event(
        seat.index,
        {"type": "absence_starts", "until": until.isoformat()},
        f"{{player}} is away until {until.day} {until:%B}.",
    )
    if seat.index == game.clock_seat and game.deadline is not None:
        _hold_clock(game, now)


# The end of an absence in a table's log: a seat a bot took over (missed turns) stays the
# bot's until the player says they are back.
_ABSENCE_ENDS = {
    False: "{player} is back from their absence.",
    True: "{player}'s absence is over; a bot plays their seat until they say they are back.",
}


def _end_absence(absence: Absence, now) -> bool:
    """Start the player's standing clocks again, each with the time it had left, and say
    so in each log."""
    if not Absence.objects.filter(pk=absence.pk, begun=True, over=False).update(over=True):
        return False
    seats = Seat.objects.filter(user=absence.user_id).exclude(absent_until=None)
    for game_id in sorted(seats.filter(game__status=Game.Status.ACTIVE).values_list("game_id", flat=True)):
        game = _locked(game_id)
        seat = game.seat_of(absence.user)
        if game.status != Game.Status.ACTIVE or seat.absent_until is None:
            continue
        seat.absent_until = None
        seat.save(update_fields=["absent_until"])
        game.record_event(seat.index, {"type": "absence_ends"}, _ABSENCE_ENDS[seat.away])
        if seat.index == game.clock_seat and game.clock_left is not None:
            _release_clock(game, now)
        _publish_bot_turn(game)
        game.save(update_fields=MOVE_FIELDS)
    seats.update(absent_until=None)  # the tables that ended meanwhile
    return True


def _mark_absent_players(game: Game, now) -> None:
    """At the deal: the players already away stand still from the start."""
    if not game.absences_stop_clock:
        return
    away = dict(
        Absence.objects.under_way()
        .filter(user__in=[s.user_id for s in game.seat_list if s.user_id])
        .values_list("user_id", "last_day")
    )
    for seat in game.seat_list:
        if seat.user_id in away:
            _absent(game, seat, away[seat.user_id], now)


def _id(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
