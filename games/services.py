"""The only code that changes a game. Views, tasks and commands call these functions.

`check_*` functions validate and authorise without writing; `do`-style functions below
them mutate under the game's row lock and enqueue follow-up work on commit. Every refusal
is a ServiceError carrying the HTTP status and a message fit to show the user.
"""

import logging
import random
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone

from games.engine.base import IllegalMove
from games.engine.bots import get_bot
from games.engine.registry import RULES
from games.engine.rng import new_seed
from capitalla_site.celery import app as celery_app
from games.models import Event, Game, Hand, Seat, seed_digest

logger = logging.getLogger(__name__)

BOT_LEVELS = ("easy", "normal")
# What a move can change on Game; saving only these keeps the hot path's UPDATE small.
MOVE_FIELDS = ["state", "version", "to_act", "status", "result", "finished_at", "bot_due_at"]


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class StaleVersion(Conflict):
    def __init__(self, game: Game):
        super().__init__("The table moved on since you loaded it; here is the current position.")
        self.game = game


# ---------------------------------------------------------------- checks (no writes)


def check_new_table(kind: str, seats: int, bots: int, bot_level: str) -> None:
    if kind not in RULES:
        raise ServiceError(f"Unknown game {kind!r}.")
    info = RULES[kind].info
    if not info.min_players <= seats <= info.max_players:
        raise ServiceError(f"{info.name} takes {info.min_players} to {info.max_players} players.")
    if not 0 <= bots <= seats:
        raise ServiceError(f"Bots can fill between 0 and {seats} seats.")
    if bot_level not in BOT_LEVELS:
        raise ServiceError(f"Bot level must be one of {', '.join(BOT_LEVELS)}.")


def check_can_join(game: Game, user) -> int:
    """The seat index the user would take."""
    if game.status != Game.Status.OPEN:
        raise Conflict("This table has already started.")
    if game.seat_of(user):
        raise Conflict("You already have a seat at this table.")
    free = game.free_indexes()
    if not free:
        raise Conflict("This table is full.")
    return free[0]


def check_seated(game: Game, user) -> Seat:
    seat = game.seat_of(user)
    if seat is None:
        raise Forbidden("You are not playing at this table.")
    return seat


def check_host(game: Game, user) -> None:
    if game.host_id != user.pk:
        raise Forbidden("Only the host can do that.")


def check_version(game: Game, expected_version) -> None:
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise ServiceError("The move is missing the table's version number.") from None
    if expected != game.version:
        raise StaleVersion(game)


# ---------------------------------------------------------------- table lifecycle


def create_table(host, kind: str, seats: int, bots: int = 0, bot_level: str = "normal",
                 private: bool = False, options: dict | None = None) -> Game:
    """A new open table. The host takes seat 0, unless bots fill every seat: then the host
    only watches (and starts) a bot table."""
    check_new_table(kind, seats, bots, bot_level)
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind, host=host, num_seats=seats, bot_level=bot_level, private=private,
            options={**RULES[kind].info.default_options, **(options or {})},
        )
        if bots < seats:
            Seat.objects.create(game=game, index=0, user=host)
        Seat.objects.bulk_create(
            Seat(game=game, index=i, bot_level=bot_level) for i in range(seats - bots, seats)
        )
    return game


def join_table(user, game_id: int) -> Seat:
    with transaction.atomic():
        game = _locked(game_id)
        index = check_can_join(game, user)
        try:
            return Seat.objects.create(game=game, index=index, user=user)
        except IntegrityError:
            raise Conflict("That seat was just taken; try again.") from None


def leave_table(user, game_id: int) -> Game:
    """Leave before the start. The host leaving closes the table for everyone."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict("The game has started: resign instead of leaving.")
        seat = game.seat_of(user)
        if game.host_id != user.pk and seat is None:
            raise Forbidden("You are not at this table.")
        if game.host_id == user.pk:
            game.status = Game.Status.ABANDONED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
        else:
            seat.delete()
    return game


def start_table(user, game_id: int) -> Game:
    """Deal. Empty seats become bots of the table's level."""
    with transaction.atomic():
        game = _locked(game_id)
        check_host(game, user)
        if game.status != Game.Status.OPEN:
            raise Conflict("This table has already started.")
        Seat.objects.bulk_create(
            Seat(game=game, index=i, bot_level=game.bot_level) for i in game.free_indexes()
        )
        game = _locked(game_id)  # again, to see the bots just seated
        game.seed = new_seed()
        game.seed_hash = seed_digest(game.seed)
        game.state = game.rules.new_game(game.num_seats, game.options, game.seed)
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        _after_change(game)
        game.save()
    return game


# ---------------------------------------------------------------- moves


def play_move(user, game_id: int, expected_version, move) -> Game:
    """A human's move, applied only if the client saw the current version."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("This game is not in play.")
        check_version(game, expected_version)
        _apply(game, seat.index, move)
    return game


def resign(user, game_id: int) -> Game:
    """Resigning is allowed at any moment, so it does not ask for a version."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("This game is not in play.")
        _apply(game, seat.index, {"type": "resign"})
    return game


def play_bot_turn(game_id: int, version: int) -> bool:
    """Make the move of a bot whose turn it is at `version`. Harmless when delivered twice,
    late, or after the position changed: then it does nothing and returns False."""
    with transaction.atomic():
        try:
            game = _locked(game_id)
        except NotFound:
            return False
        if game.status != Game.Status.ACTIVE or game.version != version:
            return False
        seat = _bot_to_act(game)
        if seat is None:
            return False
        bot = get_bot(game.kind, seat.bot_level or "normal")
        move = bot.choose(game.state, seat.index, random.Random(f"{game.pk}:{version}"))
        _apply(game, seat.index, move)
    return True


def requeue_overdue_bot_turns(now=None) -> int:
    """Re-enqueue bot turns left waiting past the grace period (lost task, broker down).
    Each game is claimed by a conditional update, so concurrent sweepers enqueue it once."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.BOT_TURN_GRACE)
    overdue = Game.objects.filter(status=Game.Status.ACTIVE, bot_due_at__lt=cutoff)
    count = 0
    for game_id, version in overdue.values_list("pk", "version"):
        claimed = Game.objects.filter(pk=game_id, version=version, bot_due_at__lt=cutoff).update(bot_due_at=now)
        if claimed:
            enqueue_bot_turn(game_id, version)
            count += 1
    return count


# ---------------------------------------------------------------- internals


def _locked(game_id) -> Game:
    """The game row, locked until the transaction ends, with its seats and their users."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    try:
        return Game.objects.select_for_update().prefetch_related(seats).get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("No such table.") from None


def _apply(game: Game, seat: int, move) -> None:
    rules = game.rules
    if not isinstance(move, dict):
        raise ServiceError("A move must be a JSON object.")
    try:
        new_state = rules.apply(game.state, seat, move)
    except IllegalMove as exc:
        raise ServiceError(exc.reason) from None
    summary = rules.describe(game.state, seat, move)
    game.version += 1
    Event.objects.create(game=game, seq=game.version, seat=seat, move=move, summary=summary)
    game.state = new_state
    _after_change(game)
    game.save(update_fields=MOVE_FIELDS)


def _after_change(game: Game) -> None:
    """Bookkeeping shared by every change of state: who acts, the end, the next bot turn."""
    rules = game.rules
    game.to_act = rules.to_act(game.state)
    result = rules.result(game.state)
    if result is not None:
        game.status = Game.Status.FINISHED
        game.result = result
        game.finished_at = timezone.now()
        game.to_act = []
        game.bot_due_at = None
        Hand.objects.create(game=game, number=game.hands.count() + 1, result=result)
        return
    if _bot_to_act(game) is not None:
        game.bot_due_at = timezone.now() + timedelta(seconds=settings.BOT_MOVE_DELAY)
        enqueue_bot_turn(game.pk, game.version, settings.BOT_MOVE_DELAY)
    else:
        game.bot_due_at = None


def _bot_to_act(game: Game) -> Seat | None:
    bots = {s.index: s for s in game.seats.all() if s.is_bot}
    return next((bots[i] for i in game.to_act if i in bots), None)


def enqueue_bot_turn(game_id: int, version: int, delay: float = 0) -> None:
    """Ask a worker for the bot's move once this transaction commits. A broker that is
    down must not undo the move that led here: the sweeper re-enqueues overdue turns."""

    def send():
        try:
            celery_app.send_task("games.tasks.play_bot_turn", args=(game_id, version), countdown=delay)
        except Exception:
            logger.warning("Could not enqueue bot turn for game %s at version %s", game_id, version)

    transaction.on_commit(send)
