"""What every change to a game shares: the account's lock and the game's row lock (in the
order every path keeps), applying a move (a player's, a bot's or the site's own), and the
bookkeeping after each change: who acts, the end and its ratings, chips due, the next
bot turn and the turn clock."""

from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from engine.base import IllegalMove
from ledger import chips
from ratings.recording import record as record_ratings
from tables.actions.clocks import _run_clock, _stop_clock
from tables.actions.enqueue import enqueue_bot_turn
from tables.actions.errors import Conflict, Forbidden, NotFound, ServiceError
from tables.models import Game, Hand, Seat

# What a move can change on Game; saving only these keeps the hot path's UPDATE small.
MOVE_FIELDS = [
    "state",
    "version",
    "to_act",
    "status",
    "result",
    "finished_at",
    "bot_due_at",
    "clock_seat",
    "deadline",
    "turn_mail_at",
    "remind_at",
    "result_mail_at",
    "extra_time_used",
    "clock_left",
]


def lock_account(user) -> None:
    """Hold the account's row until the transaction ends, so that two requests at once
    cannot both take the last place under one of its limits, nor act for an account that
    is closing (accounts.closing holds the row while it closes, and a request already
    under way then finds it closed). Taken before any game row (the order every path
    keeps: the account, then games, then seats), and FOR NO KEY UPDATE: rows that merely
    point at the account (a chat line, a mail) are not held up."""
    account = get_user_model().objects.select_for_update(no_key=True).only("pk", "is_active").get(pk=user.pk)
    if not account.is_active:
        raise Forbidden("This account is closed.")


def _locked(game_id) -> Game:
    """The game row, locked until the transaction ends (its `seat_list` is read on first use)."""
    # FOR NO KEY UPDATE: a chat line, an event or a mail row that points at the game
    # (a foreign key check) need not wait for a move in progress.
    return _load(game_id, Game.objects.select_for_update(no_key=True))


def _locked_at(game_id: int, version: int) -> Game | None:
    """The game row locked, if it is still in play at `version`; None otherwise (a task
    delivered twice, late, or after the position changed does nothing)."""
    try:
        game = _locked(game_id)
    except NotFound:
        return None
    return game if game.status == Game.Status.ACTIVE and game.version == version else None


def _load(game_id, games=Game.objects) -> Game:
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("No such table.") from None


def _apply(game: Game, seat: int, move, now=None) -> None:
    """Apply a move whose shape is checked (`play_move`), or a bot's or the site's own."""
    rules = game.rules
    try:
        new_state = rules.apply(game.state, seat, move)
    except IllegalMove as exc:
        raise ServiceError(exc.reason) from None
    game.record_event(seat, move, rules.describe(game.state, seat, move, after=new_state))
    chips_due = _payouts_due(game, game.state, new_state)
    _forget_hand_orders_on_new_deal(game, game.state, new_state)
    game.state = new_state
    _after_change(game, now=now, mover=seat, someone_left=move.get("type") == "resign")
    if chips_due:
        with _chips_refusal():
            chips.settle(game, game.seat_list)
    game.save(update_fields=MOVE_FIELDS)


def _after_change(game: Game, now=None, mover: int | None = None, someone_left: bool = False) -> None:
    """Bookkeeping shared by every change of state: who acts, the end, the next bot turn,
    the turn clock and the mails they lead to. `mover`: the seat whose move it was;
    `someone_left`: it resigned (or timed out at a table that puts the player out)."""
    now = now or timezone.now()
    rules = game.rules
    game.to_act = rules.to_act(game.state)
    result = rules.result(game.state)
    if result is not None:
        game.status = Game.Status.FINISHED
        game.result = result
        game.finished_at = timezone.now()
        game.to_act = []
        game.bot_due_at = None
        _stop_clock(game)
        Hand.objects.create(game=game, number=game.hands.count() + 1, result=result)
        record_ratings(game)  # in this transaction: the move and the ratings change together
        game.result_mail_at = now  # the sweeper sends the result to every player
        return
    if someone_left and _only_bots_left(game):  # only then: it reads the public view
        _stop_for_nobody(game)
        return
    _run_clock(game, now, mover)
    _publish_bot_turn(game)


def _publish_bot_turn(game: Game) -> None:
    """Ask for the move of a bot to act at the game's version now. A bot turn asked for
    at an earlier version is dropped by `play_bot_turn`: every change that records an
    event (so a new version) while a bot is to act must publish its turn again."""
    if _bot_to_act(game) is not None:
        # Published once for this version; the sweeper sends it again only if it is lost.
        game.bot_due_at = timezone.now() + timedelta(seconds=settings.BOT_MOVE_DELAY + settings.BOT_TURN_RESEND)
        enqueue_bot_turn(game.pk, game.version, settings.BOT_MOVE_DELAY)
    else:
        game.bot_due_at = None


def _only_bots_left(game: Game) -> bool:
    """Whether the people of a table with bots have all left the game (resigned, or put
    out when their time ran out) and only bots still play."""
    people = [s.index for s in game.seat_list if s.user_id is not None]
    return bool(people) and set(people) <= out_seats(game)


def _stop_for_nobody(game: Game) -> None:
    """The game stops where it is, unfinished (`Game.Status.ABANDONED`): bots playing it
    out for nobody would only load the worker, and hold a place in their people's limit of
    games against bots in play. Such a table has neither an ante nor a rating to settle."""
    game.status = Game.Status.ABANDONED
    game.finished_at = timezone.now()
    game.to_act = []
    game.bot_due_at = None
    _stop_clock(game)


def _forget_hand_orders_on_new_deal(game: Game, before: dict, after: dict) -> None:
    """A new round or deal is a new hand: the order a player dragged their old cards into
    would misplace the new ones (the same card ids come round again), so each seat's hand
    goes back to the sort it chose."""
    chapter = game.plugin.chapter
    if chapter is not None and chapter(before) != chapter(after):
        game.seats.update(hand_order=[])


def _payouts_due(game: Game, before: dict, after: dict) -> bool:
    """Whether this move made chips due (a game may pay per round, and pays at the end):
    only a table with an ante has a pot, holding the ante of every seat."""
    if not game.ante:
        return False
    pot = game.ante * game.num_seats
    return game.plugin.payouts(after, pot) != game.plugin.payouts(before, pot)


@contextmanager
def _chips_refusal():
    try:
        yield
    except chips.ChipsRefused as exc:
        raise Conflict(exc.message) from None


def _bot_to_act(game: Game) -> Seat | None:
    bots = {s.index: s for s in game.seat_list if s.plays_as_bot}
    return next((bots[i] for i in game.to_act if i in bots), None)


def _seat(game: Game, index) -> Seat | None:
    return next((s for s in game.seat_list if s.index == index), None)


def out_seats(game: Game) -> set[int]:
    if game.state is None:
        return set()
    return set(game.rules.view(game.state, None).get("out") or [])
