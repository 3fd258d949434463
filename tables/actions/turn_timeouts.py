"""The sweeper's half that enforces turn clocks: claiming expired turns and applying the
table's timeout policy (a stand-in bot plays the turn, a bot takes the seat over after
too many misses in a row, or the player is out of the game)."""

import logging
import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tables.actions.bot_play import MISSES_BEFORE_TAKEOVER, _stand_in_bot
from tables.actions.clocks import _acting_at_once
from tables.actions.game_state import MOVE_FIELDS, _after_change, _apply, _locked_at, _seat
from tables.models import Game, Seat
from tables.signals import seat_timed_out

logger = logging.getLogger(__name__)

# Seconds a sweeper's claim on an expired turn holds before another pass may retry it.
TIMEOUT_CLAIM_LEASE = 60


def expire_overdue_turns(now=None, limit: int = 500) -> int:
    """The sweeper's half that enforces turn clocks. Each expired game is claimed by a
    conditional UPDATE (same id, version and deadline) that pushes its deadline a lease
    ahead, so of two sweepers only one gets it, and a sweeper that dies before applying
    the timeout leaves a deadline the next passes will find again. `apply_timeout` then
    checks the version under the row lock, so a human move that lands first wins and the
    timeout does nothing. Returns how many timeouts were applied."""
    now = now or timezone.now()
    due = list(
        Game.objects.filter(status=Game.Status.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", "version", "deadline")[:limit]
    )
    lease = now + timedelta(seconds=TIMEOUT_CLAIM_LEASE)
    applied = 0
    for game_id, version, deadline in due:
        if not Game.objects.filter(pk=game_id, version=version, deadline=deadline).update(deadline=lease):
            continue  # another sweeper, or a move, got there first
        try:
            done = apply_timeout(game_id, version, now=now)
        except Exception:
            logger.exception("Timeout of game %s at version %s failed; retried when the lease ends", game_id, version)
            continue
        applied += done
        if not done:
            # A move landed between the claim and the lock and kept the clock (a pick, or
            # another seat's choice in a step where the seats act at once): the deadline
            # it kept is the lease, which would give the late players a minute more.
            Game.objects.filter(pk=game_id, deadline=lease).exclude(version=version).update(deadline=deadline)
    return applied


def apply_timeout(game_id: int, version: int, now=None) -> bool:
    """Apply the table's timeout policy to the seat whose clock ran out at `version`.
    Does nothing (False) if the game moved on since, or nobody's clock was running."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked_at(game_id, version)
        if game is None:
            return False
        if game.clock_at_once:
            return _time_out_at_once(game, now) if _acting_at_once(game) else False
        if game.clock_seat is None:
            return False
        seat = _seat(game, game.clock_seat)
        if seat is None or seat.plays_as_bot or seat.index not in game.to_act:
            return False
        game.deadline = None
        if game.timeout_policy == Game.TimeoutPolicy.FORFEIT:
            game.record_event(seat.index, {"type": "timeout"}, "{player} ran out of time and is out of the game.")
            _apply(game, seat.index, {"type": "resign"}, now=now)
            _tell_timed_out(game, seat)
            return True
        seat.missed_turns += 1
        if seat.missed_turns >= MISSES_BEFORE_TAKEOVER:
            seat.away = True
            seat.save(update_fields=["missed_turns", "away"])
            game.record_event(
                seat.index, {"type": "timeout"}, f"{{player}} ran out of time, {seat.missed_turns} turns in a row."
            )
            game.record_event(seat.index, {"type": "takeover"}, "A bot takes over {player}'s seat until they are back.")
            _after_change(game, now=now)  # the seat now plays like a bot seat: a bot turn is due
            game.save(update_fields=MOVE_FIELDS)
            _tell_timed_out(game, seat)
            return True
        seat.save(update_fields=["missed_turns"])
        game.record_event(seat.index, {"type": "timeout"}, "{player} ran out of time; a bot played the turn for them.")
        # The seat's own bot plays the rest of this turn from the seat's view; while it does,
        # the seat's clock must not start again. A turn that ends in a step where the seats
        # act at once ends the bot's part: there the seat has the shared clock to choose.
        game._autoplay_seat = seat.index
        _stand_in_plays(game, seat.index, now, while_=lambda: not _acting_at_once(game))
        game._autoplay_seat = None  # the last move already started the next player's clock
    return True


def _tell_timed_out(game: Game, seat: Seat) -> None:
    """The player hears that their time ran out and what it did: a bot keeps their seat,
    or they are out of a game that goes on (one it ended sends its result instead)."""
    if game.status == Game.Status.ACTIVE:
        seat_timed_out.send(sender=Game, game=game, seat=seat)


def _time_out_at_once(game: Game, now) -> bool:
    """The shared clock of a step where the seats act at once ran out: the stand-in bot
    chooses for every person still to act, from their own view, each its own events. The
    clock was short, so this forfeits nobody and counts no missed turn (docs/decisions/0007-seats-acting-at-once.md)."""
    late = game.clock_seats()
    for index in late:
        if game.status != Game.Status.ACTIVE or not _acting_at_once(game) or index not in game.to_act:
            continue  # another late seat's choice ended the step
        game.record_event(index, {"type": "timeout"}, "{player} ran out of time to choose; a bot chose for them.")
        _stand_in_plays(game, index, now, while_=lambda: _acting_at_once(game))
    return bool(late)


def _stand_in_plays(game: Game, index: int, now, while_) -> None:
    """The stand-in bot plays seat `index` while it is to act and `while_()` holds."""
    bot = _stand_in_bot(game.kind)
    rng = random.Random(f"{game.pk}:{game.version}:timeout")
    for _ in range(100):
        if game.status != Game.Status.ACTIVE or index not in game.to_act or not while_():
            return
        _apply(game, index, bot.choose(game.state, index, rng), now=now)
    raise RuntimeError(f"the stand-in bot did not finish seat {index}'s turn")
