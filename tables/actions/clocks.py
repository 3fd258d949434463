"""The turn clock, run by every change of state: started when the turn passes to a person,
held while they are away, stopped when a bot or nobody is to act; the shared short clock
of a step where the seats act at once; and when the reminder mail falls due. It reads and
sets fields of the game and writes nothing itself."""

from datetime import timedelta

from django.conf import settings

from tables.models import Game

# The reminder goes when this share of the turn time is gone.
REMIND_AFTER = 0.8

# The shared clock of a step where the seats act at once (GamePlugin.acting_at_once) is
# this share of the turn time, at least AT_ONCE_MIN_SECONDS, never more than the turn time.
AT_ONCE_SHARE = 0.25

AT_ONCE_MIN_SECONDS = 30


def at_once_seconds(turn_seconds: int) -> int:
    """The length of the one clock of a step where the seats act at once: a quarter of the
    table's turn time (Rummathon's buying is a quick choice), at least 30 seconds, never
    more than the turn time itself."""
    return min(turn_seconds, max(AT_ONCE_MIN_SECONDS, round(turn_seconds * AT_ONCE_SHARE)))


def _acting_at_once(game: Game) -> bool:
    """Whether the seats to act now act together (GamePlugin.acting_at_once)."""
    acting_at_once = game.plugin.acting_at_once
    return acting_at_once is not None and game.state is not None and acting_at_once(game.state)


def _run_clock(game: Game, now, mover: int | None = None) -> None:
    """Start the clock when the turn passes to a human seat; keep it running while the
    same seat goes on (pick, then discard); stop it when a bot or nobody is to act. A move
    by a seat not to act (a Casino answer) leaves the clock and its mails alone. A step
    where the seats act at once has a clock of its own (`_run_at_once_clock`)."""
    if _acting_at_once(game):
        _run_at_once_clock(game, now)
        return
    autoplay = getattr(game, "_autoplay_seat", None)
    humans = {s.index: s for s in game.seat_list if not s.plays_as_bot and s.index != autoplay}
    seat = next((humans[i] for i in game.to_act if i in humans), None)
    if seat is None:
        _stop_clock(game)
        return
    if seat.index == game.clock_seat and (game.deadline is not None or game.clock_left is not None):
        if mover == seat.index:
            game.turn_mail_at = None  # they are playing this turn: no need to tell them
        return
    if seat.absent_until is not None:  # a turn that reaches an absent player waits, whole
        _stop_clock(game)
        game.clock_seat, game.clock_left = seat.index, timedelta(seconds=game.turn_seconds)
        return
    _start_clock(game, now, seat.index, game.turn_seconds)


def _run_at_once_clock(game: Game, now) -> None:
    """One short clock for every person to act in a step where the seats act at once:
    started when the step starts, and kept, deadline and mails, while they choose (one
    seat's choice leaves the others' time as it was); stopped when only bots are left.
    When the step ends the next position's clock starts as usual."""
    if not game.people_to_act():
        _stop_clock(game)
    elif not game.clock_at_once:
        _start_clock(game, now, None, at_once_seconds(game.turn_seconds))


def _start_clock(game: Game, now, seat: int | None, seconds: int) -> None:
    """Start a clock of `seconds` for `seat` (None: everyone acting at once)."""
    clock = timedelta(seconds=seconds)
    # Mails are due on the row, not enqueued: the sweeper sends them (to players who want
    # them), so a move never waits on the broker, nor on the player's mail settings.
    mail = game.turn_seconds > settings.LIVE_TURN_SECONDS
    game.clock_seat = seat
    game.deadline = now + clock
    game.turn_mail_at = now + timedelta(seconds=settings.TURN_MAIL_DELAY) if mail else None
    game.remind_at = now + clock * REMIND_AFTER if mail else None
    game.extra_time_used = False
    game.clock_left = None


def _stop_clock(game: Game) -> None:
    game.clock_seat = game.deadline = game.turn_mail_at = game.remind_at = game.clock_left = None
    game.extra_time_used = False


def _hold_clock(game: Game, now) -> None:
    """The clock seat's player is away: keep the time left and lift the deadline and the
    mails (the seat stays `clock_seat`, so the turn is still theirs)."""
    game.clock_left = max(game.deadline - now, timedelta(0))
    game.deadline = game.turn_mail_at = game.remind_at = None


def _release_clock(game: Game, now) -> None:
    """The player is back: their clock runs again with the time it had left, a "your
    turn" mail falls due as at a new turn, and the reminder where it still fits."""
    game.deadline = now + game.clock_left
    game.clock_left = None
    if game.turn_seconds > settings.LIVE_TURN_SECONDS:
        game.turn_mail_at = now + timedelta(seconds=settings.TURN_MAIL_DELAY)
        game.remind_at = _reminder_before(game, game.deadline, timedelta(seconds=game.turn_seconds), now)


def _reminder_before(game: Game, deadline, clock: timedelta, now):
    """When the reminder of a clock of length `clock` ending at `deadline` is due, where it
    still fits after `now`; None at a live table (no mail) or when it would be past."""
    if game.turn_seconds <= settings.LIVE_TURN_SECONDS:
        return None
    remind_at = deadline - clock * (1 - REMIND_AFTER)
    return remind_at if remind_at > now else None
