"""Bots playing seats: a bot's turn as the worker asks for it, the sweeper sending again
the bot turns that were lost, the stand-in bot that plays a missed turn, and a player
taking their seat back from the bot that took it over."""

import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine.bots import get_bot
from engine.registry import RULES
from tables.actions.checks import check_in_play, check_seated
from tables.actions.clocks import _acting_at_once
from tables.actions.enqueue import enqueue_bot_turn
from tables.actions.errors import Conflict
from tables.actions.game_state import MOVE_FIELDS, _after_change, _apply, _bot_to_act, _locked, _locked_at
from tables.models import Game, Seat
from tables.plugins import PLUGINS

# A player who lets this many turns in a row run out gets a bot in their seat.
MISSES_BEFORE_TAKEOVER = 3


def play_bot_turn(game_id: int, version: int) -> bool:
    """Make the move of a bot whose turn it is at `version`. Harmless when delivered twice,
    late, or after the position changed: then it does nothing and returns False."""
    with transaction.atomic():
        game = _locked_at(game_id, version)
        if game is None:
            return False
        seat = _bot_to_act(game)
        if seat is None:
            return False
        if not _acting_at_once(game):
            _play_bot(game, seat)
            return True
        # Every bot to act in the step makes its choice now, each its own event: the people
        # choosing with them never wait one bot delay per bot.
        for seat in [s for s in game.seat_list if s.plays_as_bot and s.index in game.to_act]:
            if game.status == Game.Status.ACTIVE and _acting_at_once(game) and seat.index in game.to_act:
                _play_bot(game, seat)
    return True


def _play_bot(game: Game, seat: Seat) -> None:
    bot = get_bot(game.kind, seat.bot_level or game.plugin.stand_in_level)
    _apply(game, seat.index, bot.choose(game.state, seat.index, random.Random(f"{game.pk}:{game.version}")))


def come_back(user, game_id: int) -> Game:
    """The player takes their seat back from the bot that played it while they were away."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        check_in_play(game)
        if not seat.away:
            raise Conflict("You are playing your seat already.")
        seat.away, seat.missed_turns = False, 0
        seat.save(update_fields=["away", "missed_turns"])
        game.record_event(seat.index, {"type": "back"}, "{player} is back and plays their own seat again.")
        _after_change(game)
        game.save(update_fields=MOVE_FIELDS)
    return game


def requeue_overdue_bot_turns(now=None, limit: int = 200) -> int:
    """Send again the bot turns whose `bot_due_at` passed: the broker refused them, or
    they were sent BOT_TURN_RESEND ago and are still not played (lost). A turn waiting in a
    backlog is not sent again before then, and one sweep sends at most `limit`, the
    longest waiting first. Each game is claimed by a conditional update that sets its next
    resend time, so concurrent sweepers enqueue it once. Returns how many were sent."""
    now = now or timezone.now()
    resend_at = now + timedelta(seconds=settings.BOT_TURN_RESEND)
    overdue = (
        Game.objects.filter(status=Game.Status.ACTIVE, bot_due_at__lte=now)
        .order_by("bot_due_at")
        .values_list("pk", "version", "bot_due_at")[:limit]
    )
    count = 0
    for game_id, version, due_at in list(overdue):
        if Game.objects.filter(pk=game_id, version=version, bot_due_at=due_at).update(bot_due_at=resend_at):
            enqueue_bot_turn(game_id, version)
            count += 1
    return count


class _FirstLegalMove:
    """Stand-in for games without bots yet: the first legal move."""

    def __init__(self, rules):
        self.rules = rules

    def choose(self, state, seat, rng):
        return self.rules.legal_moves(state, seat)[0]


def _stand_in_bot(kind: str):
    """The bot that plays a missed turn: the game's `stand_in_level`."""
    try:
        return get_bot(kind, PLUGINS[kind].stand_in_level)
    except ValueError:
        return _FirstLegalMove(RULES[kind])
