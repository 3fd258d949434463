"""The only code that changes a game. Views, tasks and commands call these functions.

`check_*` functions validate and authorise without writing; `do`-style functions below
them mutate under the game's row lock and enqueue follow-up work on commit. Every refusal
is a ServiceError carrying the HTTP status and a message fit to show the user.
"""

import logging
import random
from contextlib import contextmanager
from datetime import date, time, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.template.defaultfilters import pluralize
from django.utils import timezone

from accounts import throttle
from accounts.models import (
    ABSENCE_DAYS_PER_YEAR,
    ABSENCE_MAX_AHEAD,
    ABSENCE_MAX_DAYS,
    ABSENCE_YEAR_DAYS,
    Absence,
    days_within,
    local_moment,
)
from capitalla_site.celery import app as celery_app
from capitalla_site.outages import Outage
from games.engine.base import IllegalMove
from games.engine.bots import get_bot
from games.engine.registry import RULES
from games.engine.rng import new_seed
from games.models import (
    ABSENCES_STOP_CLOCK_FROM,
    CLOSED,
    DEFAULT_TURN_SECONDS,
    ON_A_CLOCK,
    TURN_TIMES,
    ChatMessage,
    Game,
    Hand,
    Notification,
    Seat,
    is_on_the_clock,
    new_invite_code,
    seed_digest,
    spoken_list,
    turn_time_label,
)
from games.plugins import PLUGINS
from ledger import chips
from ratings.recording import record as record_ratings

logger = logging.getLogger(__name__)

BOT_LEVELS = ("easy", "normal", "hard")
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
# Table talk: at most this many lines per player in CHAT_WINDOW seconds.
CHAT_BURST, CHAT_WINDOW = 5, 30
# A player who lets this many turns in a row run out gets a bot in their seat.
MISSES_BEFORE_TAKEOVER = 3
# Seconds a sweeper's claim on an expired turn holds before another pass may retry it.
TIMEOUT_CLAIM_LEASE = 60
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


class TooMany(ServiceError):
    status = 429


# Bots at a table played for chips would ante from, and win into, a purse nobody owns.
PEOPLE_ONLY = "A table played for chips seats only people"
# A rated table is for people only, and a seat whose time runs out loses (no stand-in bot).
RATED_PEOPLE_ONLY = "A rated table seats only people"
# After the deal no ante comes back: re-dealing until a hand wins at once must cost it.
DEALT = "The cards are dealt: nobody can call the game off or leave it now. Resign instead; any ante stays in the pot."


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
    if bot_level not in PLUGINS[kind].bots:  # seats still empty at the start get bots too
        raise ServiceError(f"{info.name} has no {bot_level} bots yet: choose another level.")


def check_open_tables(user) -> None:
    """An account hosts at most OPEN_TABLE_LIMIT tables waiting for players, so that it
    cannot push everyone else's off the lobby."""
    limit = settings.OPEN_TABLE_LIMIT
    if Game.objects.filter(host=user, status=Game.Status.OPEN).count() >= limit:
        raise Conflict(f"You have {limit} open table{pluralize(limit)}: start or close one before you open another.")


def check_bot_games(user) -> None:
    """An account has at most BOT_GAME_LIMIT games against bots in play (hosted or seated
    at), so that it cannot bury the worker under bot turns."""
    limit = settings.BOT_GAME_LIMIT
    seated = Seat.objects.filter(game=OuterRef("pk"), user=user)
    bots = Seat.objects.filter(game=OuterRef("pk"), user__isnull=True)
    in_play = Game.objects.filter(Q(host=user) | Exists(seated), Exists(bots), status=Game.Status.ACTIVE)
    if in_play.count() >= limit:
        raise Conflict(
            f"You have {limit} game{pluralize(limit)} against bots in play: one must end before you deal another."
        )


def check_people_only(ante, bots) -> None:
    """A table with an ante takes no bots (the create form asks this too)."""
    if ante and bots:
        raise ServiceError(f"{PEOPLE_ONLY}: a table with an ante takes no bots.")


def check_rated_table(rated, bots, timeout_policy) -> None:
    """A rated table takes no bots, and a player whose time runs out is out of the game
    (a bot playing their turns would play for their rating). docs/ratings.md."""
    if not rated:
        return
    if bots:
        raise ServiceError(f"{RATED_PEOPLE_ONLY}: it takes no bots.")
    if timeout_policy != Game.TimeoutPolicy.FORFEIT:
        out = Game.TimeoutPolicy.FORFEIT.label
        raise ServiceError(f"At a rated table a player whose time runs out is out of the game: choose “{out}”.")


def check_rated_player(user) -> None:
    """Only an account with a confirmed mail address sits at a rated table: throw-away
    accounts cost an address each to feed someone's rating (docs/ratings.md)."""
    if not user.email_confirmed:
        raise Forbidden(
            "Rated tables are for players with a confirmed mail address: confirm yours from your profile first."
        )


def check_clock_options(turn_seconds, timeout_policy) -> None:
    if turn_seconds not in dict(TURN_TIMES):
        raise ServiceError("Choose a turn time from the list: " + ", ".join(label for _, label in TURN_TIMES) + ".")
    if timeout_policy not in Game.TimeoutPolicy.values:
        raise ServiceError("The timeout policy must be one of: " + ", ".join(Game.TimeoutPolicy.values) + ".")


def check_can_give_extra_time(game: Game, seat: Seat) -> None:
    """A seated player still in the game may give the player whose clock runs more time,
    once per turn, when the table allows it; in a step where the seats act at once, a
    player not to act (or done already) may give the shared clock more time, once per step."""
    if game.status != Game.Status.ACTIVE:
        raise Conflict("This game is not in play.")
    if not game.allow_extra_time:
        raise Forbidden("This table does not allow extra time.")
    if game.deadline is None:
        raise Conflict("No player's clock is running right now.")
    if seat.index == game.clock_seat or game.clock_at_once and seat.index in game.to_act:
        raise Forbidden("You cannot give yourself more time.")
    if seat.index in out_seats(game):
        raise Forbidden("You are out of this game.")
    if game.extra_time_used:
        raise Conflict(f"This {'step' if game.clock_at_once else 'turn'} has already been given extra time.")


def check_game_options(kind: str, seats: int, options: dict) -> dict:
    """The table's options with the game's defaults filled in, refused now rather than at
    the deal if the rules would not accept them."""
    rules = RULES[kind]
    options = {**rules.info.default_options, **options}
    try:
        rules.new_game(seats, options, 0)
    except (TypeError, ValueError) as exc:
        raise ServiceError(f"Those table options are not allowed: {exc}.") from None
    return options


def check_not_dealt(game: Game, dealt: str = DEALT) -> None:
    """The table is still open; else why not: closed by its host, or `dealt`."""
    if game.status == Game.Status.OPEN:
        return
    if game.closed_before_the_deal:
        raise Conflict(f"{CLOSED} Any ante paid went back.")
    raise Conflict(dealt)


def check_can_join(game: Game, user) -> int:
    """The seat index the user would take."""
    check_not_dealt(game, "This table has already started.")
    if game.seat_of(user):
        raise Conflict("You already have a seat at this table.")
    if user.pk in game.turned_away:
        raise Forbidden("The host freed your seat at this table: you cannot take one again.")
    if game.rated:
        check_rated_player(user)
    free = game.free_indexes()
    if not free:
        raise Conflict("This table is full.")
    return free[0]


def check_seated(game: Game, user) -> Seat:
    """The user's seat. To someone who may not even see the table, it does not exist."""
    seat = game.seat_of(user)
    if seat is None:
        if not game.is_visible_to(user):
            raise NotFound("No such table.")
        raise Forbidden("You are not playing at this table.")
    return seat


def check_host(game: Game, user) -> None:
    if game.host_id != user.pk:
        raise Forbidden("Only the host can do that.")


def check_version(game: Game, expected_version) -> None:
    """The client saw the current position: the current version, or an earlier one that only
    extra time or a player's return followed (so giving time does not void a move in flight)."""
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise ServiceError("The move is missing the table's version number.") from None
    if expected == game.version:
        return
    if expected < game.version and game.position_unchanged_since(expected):
        return
    raise StaleVersion(game)


# ---------------------------------------------------------------- table lifecycle


def create_table(
    host,
    kind: str,
    seats: int,
    bots: int = 0,
    bot_level: str = "normal",
    private: bool = False,
    options: dict | None = None,
    ante: int = 0,
    turn_seconds: int = DEFAULT_TURN_SECONDS,
    timeout_policy: str = Game.TimeoutPolicy.BOT,
    allow_extra_time: bool = True,
    absences_stop_clock: bool | None = None,
    rated: bool = False,
) -> Game:
    """A new open table. The host takes seat 0, unless bots fill every seat: then the host
    only watches (and starts) a bot table. With an ante, every player pays it into the pot
    at the start, and there are no bots. `turn_seconds` is each player's time for a turn;
    `timeout_policy` says what happens when it runs out. `absences_stop_clock` (None: on
    for turn times of a day or more) lets an announced absence stop a player's clock."""
    check_new_table(kind, seats, bots, bot_level)
    options = check_game_options(kind, seats, options or {})
    check_clock_options(turn_seconds, timeout_policy)
    if not isinstance(ante, int) or ante < 0:
        raise ServiceError("The ante is a whole number of chips, 0 or more.")
    check_people_only(ante, bots)
    check_rated_table(rated, bots, timeout_policy)
    if rated:
        check_rated_player(host)
    with transaction.atomic(), _chips_refusal():
        _take_new_table(host)
        game = Game.objects.create(
            kind=kind,
            host=host,
            num_seats=seats,
            bot_level=bot_level,
            private=private,
            options=options,
            turn_seconds=turn_seconds,
            timeout_policy=timeout_policy,
            allow_extra_time=bool(allow_extra_time),
            absences_stop_clock=(
                turn_seconds >= ABSENCES_STOP_CLOCK_FROM if absences_stop_clock is None else bool(absences_stop_clock)
            ),
            rated=bool(rated),
            ante=ante,
        )
        host_seat = Seat.objects.create(game=game, index=0, user=host, player_name=host.name) if bots < seats else None
        Seat.objects.bulk_create(Seat(game=game, index=i, bot_level=bot_level) for i in range(seats - bots, seats))
        chips.open_pot(game, host_seat)
    return game


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


def _take_new_table(host) -> None:
    """The limits on opening one more table, under a lock on the host's row so that
    concurrent requests cannot all pass the last free place."""
    lock_account(host)
    check_open_tables(host)
    limit = settings.NEW_TABLE_LIMIT
    if not throttle.take("new-table", str(host.pk), limit):
        raise TooMany(f"You have opened {limit} table{pluralize(limit)} in the last hour; try again later.")


# A quick game: the player and this many seats in all, the rest normal bots.
QUICK_GAME_SEATS = 4


def quick_game(user, kind: str) -> Game:
    """A game against bots, dealt at once: the user and three bots of the game's stand-in
    level (`GamePlugin.stand_in_level`), the game in its short form if it has one
    (`GamePlugin.quick_options`), the table's other settings at their defaults (a friendly
    game, one day per turn)."""
    with transaction.atomic():
        check_bot_games(user)  # before the table is opened, so that this is the refusal given
        plugin = PLUGINS.get(kind)  # an unknown kind is create_table's to refuse
        options = dict(plugin.quick_options) if plugin else None
        level = plugin.stand_in_level if plugin else "normal"
        game = create_table(
            user, kind, seats=QUICK_GAME_SEATS, bots=QUICK_GAME_SEATS - 1, bot_level=level, options=options
        )
        return start_table(user, game.pk)


def join_table(user, game_id: int) -> Seat:
    with transaction.atomic():
        lock_account(user)
        game = _locked(game_id)
        index = check_can_join(game, user)
        free = game.free_indexes()
        try:
            with transaction.atomic():
                seat = Seat.objects.create(game=game, index=index, user=user, player_name=user.name)
        except IntegrityError:
            raise Conflict("That seat was just taken; try again.") from None
        with _chips_refusal():
            chips.hold_ante(game, seat)
        if len(free) == 1:  # the last seat: the host hears it by mail (the sweeper sends it)
            _set_full_mail(game, timezone.now() + timedelta(seconds=settings.TURN_MAIL_DELAY))
    return seat


def leave_table(user, game_id: int) -> Game:
    """Leave before the deal. The host leaving closes the table for everyone (`close_table`);
    after the deal, leaving is resigning."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.host_id == user.pk:
            return _close(game)
        seat = game.seat_of(user)
        if seat is None:
            raise Forbidden("You are not at this table.")
        check_not_dealt(game)
        _give_up_seat(game, seat)
    return game


def _give_up_seat(game: Game, seat: Seat) -> None:
    """An open table's seat is free again; whoever paid its ante gets it back."""
    seat.delete()
    chips.return_ante(game, seat.index)
    _set_full_mail(game, None)


def leave_every_table(user) -> list[Game]:
    """Everything a closing account leaves behind at the tables, one game locked at a
    time (in the closing's transaction, so all of it or none): the open tables it hosts
    close (every ante goes back), it leaves the other open tables it sits at (its ante
    back), and it resigns every game in play where it is still in. Games over stay as
    they were played. Returns the games it changed."""
    open_or_playing = [Game.Status.OPEN, Game.Status.ACTIVE]
    ids = {
        *Game.objects.filter(host=user, status=Game.Status.OPEN).values_list("pk", flat=True),
        *Game.objects.filter(seats__user=user, status__in=open_or_playing).values_list("pk", flat=True),
    }
    changed = []
    for game_id in sorted(ids):
        with transaction.atomic():
            game = _locked(game_id)
            seat = game.seat_of(user)
            if game.status == Game.Status.OPEN and game.host_id == user.pk:
                _close(game)
            elif game.status == Game.Status.OPEN and seat is not None:
                _give_up_seat(game, seat)
            elif game.status == Game.Status.ACTIVE and seat is not None and seat.index not in out_seats(game):
                _apply(game, seat.index, {"type": "resign"})
            else:
                continue  # it changed since the list was read: nothing of theirs is left there
        changed.append(game)
    return changed


def close_table(user, game_id: int) -> Game:
    """The host closes a table before the deal. Once the cards are dealt nobody can call
    the game off: a refund then would let a host re-deal until a hand wins at once."""
    with transaction.atomic():
        game = _locked(game_id)
        check_host(game, user)
        return _close(game)


def _close(game: Game) -> Game:
    """Close an open table; any ante it holds goes back to whoever paid it."""
    check_not_dealt(game)
    game.status = Game.Status.ABANDONED
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "finished_at"])
    chips.refund_antes(game)
    return game


def free_seat(user, game_id: int, index) -> Game:
    """The host frees a seat before the start: a bot's, to make room for a friend, or a
    player's, whose ante goes back to them. A player's seat freed, they may not sit there
    again (`turned_away`), and the table gets a new invite link, so that those who had the
    old one and no seat are asked again."""
    with transaction.atomic():
        game = _locked(game_id)
        check_host(game, user)
        if game.status != Game.Status.OPEN:
            raise Conflict("The game has started: seats can no longer be freed.")
        seat = _seat(game, index)
        if seat is None:
            raise NotFound("That seat is free already.")
        if seat.user_id == user.pk:
            raise Conflict("That is your own seat: close the table instead.")
        _give_up_seat(game, seat)
        if seat.user_id is not None:
            game.turned_away = [*game.turned_away, seat.user_id]
            game.save(update_fields=["turned_away"])
            _renew_invite_code(game)
    return game


def new_invite_link(user, game_id: int) -> Game:
    """The host voids the table's invite link for a new one: whoever was sent the old one
    and has no seat is no longer let in, to sit before the deal or to watch after it (a
    link that leaked would else show the game and its chat for good)."""
    with transaction.atomic():
        game = _locked(game_id)
        check_host(game, user)
        _renew_invite_code(game)
    return game


def _set_full_mail(game: Game, when) -> None:
    """When the host hears that the table is full (None: not, a seat is free again)."""
    game.full_mail_at = when
    game.save(update_fields=["full_mail_at"])


def _renew_invite_code(game: Game) -> None:
    game.invite_code = new_invite_code()
    game.save(update_fields=["invite_code"])


def start_table(user, game_id: int) -> Game:
    """Deal. Empty seats become bots of the table's level, except at a table played for
    chips or a rated one: it waits until people take every seat."""
    with transaction.atomic():
        lock_account(user)  # its limit of games against bots holds for starts at once too
        game = _locked(game_id)
        check_host(game, user)
        if game.status != Game.Status.OPEN:
            raise Conflict("This table has already started.")
        if (game.ante or game.rated) and game.free_indexes():
            raise Conflict(f"{PEOPLE_ONLY if game.ante else RATED_PEOPLE_ONLY}: wait for every seat to be taken.")
        if game.free_indexes() or any(seat.is_bot for seat in game.seat_list):
            check_bot_games(user)
        Seat.objects.bulk_create(Seat(game=game, index=i, bot_level=game.bot_level) for i in game.free_indexes())
        game = _locked(game_id)  # again, to see the bots just seated
        with _chips_refusal():
            chips.collect_antes(game, game.seat_list, user)
        game.seed = new_seed()
        game.seed_hash = seed_digest(game.seed)
        game.state = game.rules.new_game(game.num_seats, game.options, game.seed)
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        game.invite_mail_at = game.full_mail_at = None  # moot once it is dealt
        _mark_absent_players(game, game.started_at)
        _after_change(game)
        game.save()
    return game


def rematch(user, game_id: int) -> Game:
    """Play again, for a player of a finished game. The first to ask opens the next table:
    the same game, seats, options, clock and ante, with bots where bots sat and the other
    players' seats free for them (a private table stays private; they find it on this
    game's page). A table played for chips had no bots, so its rematch has none and waits
    for every player. Played alone against bots, it starts at once. Whoever asks later
    joins it. Returns the next table."""
    with transaction.atomic():
        lock_account(user)  # before the game: the order every path keeps
        game = _locked(game_id)
        check_seated(game, user)
        if game.status != Game.Status.FINISHED:
            raise Conflict("A rematch comes once the game is over.")
        if game.rematch_id is not None and not game.rematch.closed_before_the_deal:
            following = game.rematch
            if following.status == Game.Status.OPEN and following.seat_of(user) is None:
                join_table(user, following.pk)
            return following
        humans = sum(1 for seat in game.seat_list if seat.user_id is not None)
        following = create_table(
            user,
            game.kind,
            seats=game.num_seats,
            bots=game.num_seats - humans,
            bot_level=game.bot_level,
            private=game.private,
            options=game.options,
            ante=game.ante,
            turn_seconds=game.turn_seconds,
            timeout_policy=game.timeout_policy,
            allow_extra_time=game.allow_extra_time,
            absences_stop_clock=game.absences_stop_clock,
            rated=game.rated,
        )
        game.rematch = following
        game.save(update_fields=["rematch"])
        if humans == 1:
            following = start_table(user, following.pk)
        else:  # the others hear of it by mail, unless they come to the table first
            following.invite_mail_at = timezone.now() + timedelta(seconds=settings.TURN_MAIL_DELAY)
            following.save(update_fields=["invite_mail_at"])
    return following


# ---------------------------------------------------------------- moves


def play_move(user, game_id: int, expected_version, move) -> Game:
    """A human's move, applied only if the client saw the current version, unless its type
    is one of the game's `version_free` ones (the engine judges those in whatever position
    they arrive). `move` is a dict, or a function of the game's kind that parses one
    (raising ServiceError), so a form is read for the right game without loading the game
    twice."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("This game is not in play.")
        move = move(game.kind) if callable(move) else move
        check_move_shape(move)
        if move["type"] not in game.plugin.version_free:
            check_version(game, expected_version)
        if seat.away:
            raise Conflict("A bot is playing your seat: press “I'm back” to play again.")
        _apply(game, seat.index, move)
        if seat.missed_turns:
            seat.missed_turns = 0  # the misses that count are the ones in a row
            seat.save(update_fields=["missed_turns"])
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


def grant_extra_time(user, game_id: int, expected_version) -> Game:
    """Give the player whose clock runs one more turn time, never more than two turn times
    from now. Once per turn, when the table allows it. In a step where the seats act at
    once, the shared clock gets one more of its own length (never more than two from now),
    for everyone still to act, once per step; the event's "to" lists them."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        check_version(game, expected_version)
        check_can_give_extra_time(game, seat)
        now = timezone.now()
        at_once = game.clock_at_once
        turn = timedelta(seconds=at_once_seconds(game.turn_seconds) if at_once else game.turn_seconds)
        deadline = min(game.deadline + turn, now + 2 * turn)
        added = deadline - game.deadline
        if added <= timedelta(0):
            raise Conflict("That player already has as much time as extra time can give.")
        targets = game.clock_seats()
        game.deadline = deadline
        # The reminder moves with the deadline; one already sent is due again, the
        # deadline being new news (it said "play before" the old one).
        game.remind_at = _reminder_before(game, deadline, turn, now)
        game.extra_time_used = True
        seconds = round(added.total_seconds())
        # Named by placeholder, as the engines name seats: a name changed later (or an
        # account closed) reads as it is now.
        names = spoken_list([f"{{seat:{index}}}" for index in targets])
        game.record_event(
            seat.index,
            {"type": "extra_time", "seconds": seconds, "to": targets if at_once else targets[0]},
            f"{{player}} gave {names} {turn_time_label(seconds)} more {'to choose' if at_once else 'for this turn'}.",
        )
        _publish_bot_turn(game)
        game.save(update_fields=MOVE_FIELDS)
    return game


def check_chat_text(text) -> str:
    text = " ".join(str(text or "").split())  # one line: no layout games
    if not text:
        raise ServiceError("Write something to say.")
    # PostgreSQL cannot store NUL: the pages' forms are refused at the door
    # (capitalla_site/nul_bytes.py), but an API client's JSON arrives here unread.
    if "\x00" in text:
        raise ServiceError("A line of table talk cannot hold a NUL character (\\x00).")
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(f"Keep it to {ChatMessage.MAX_LENGTH} characters.")
    return text


def say(user, game_id: int, text) -> ChatMessage:
    """A line of table talk from a seated player, during or after the game. It changes
    nothing in the game; the table's `chat_count` tells polling pages there is news. It
    locks the game row first, as every change does (a move, a timeout, an absence lock
    the game, then write seats): a line that locked the speaker's seat first and then
    counted itself on the game deadlocked with a move that reset that seat's missed turns
    (found by a QA pass). Lines queue behind each other, so the burst limit holds when
    many arrive at once; a move in progress holds a line up for a few milliseconds."""
    text = check_chat_text(text)
    with transaction.atomic():
        lock_account(user)
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status == Game.Status.ABANDONED:
            raise Conflict("This table is closed.")
        recent = game.chat.filter(user=user, created_at__gte=timezone.now() - timedelta(seconds=CHAT_WINDOW))
        if recent.count() >= CHAT_BURST:
            raise Conflict("Slow down a little: a few lines at a time.")
        message = ChatMessage.objects.create(game=game, user=user, seat=seat.index, text=text)
        Game.objects.filter(pk=game.pk).update(chat_count=F("chat_count") + 1)
    return message


def come_back(user, game_id: int) -> Game:
    """The player takes their seat back from the bot that played it while they were away."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("This game is not in play.")
        if not seat.away:
            raise Conflict("You are playing your seat already.")
        seat.away, seat.missed_turns = False, 0
        seat.save(update_fields=["away", "missed_turns"])
        game.record_event(seat.index, {"type": "back"}, "{player} is back and plays their own seat again.")
        _after_change(game)
        game.save(update_fields=MOVE_FIELDS)
    return game


# ---------------------------------------------------------------- absences


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


def days_left(user, first_day, last_day=None, taken=None) -> int:
    """The absence days left in the fullest rolling year (ABSENCE_YEAR_DAYS days) that
    holds a day of `first_day`..`last_day`: negative when those absences go over."""
    last_day = last_day or first_day
    if taken is None:
        taken = list(user.absences.near(first_day, last_day).values_list("first_day", "last_day"))
    year = timedelta(days=ABSENCE_YEAR_DAYS - 1)
    fullest = max(
        sum(days_within(first, last, start, start + year) for first, last in taken)
        for start in (
            first_day - year + timedelta(days=n) for n in range((last_day - first_day).days + ABSENCE_YEAR_DAYS)
        )
    )
    return ABSENCE_DAYS_PER_YEAR - fullest


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


# The most card ids an arrangement may name: more than any hand of any game holds.
MAX_HAND_ORDER = 120


def arrange_hand(user, game_id: int, *, order=None, sort=None) -> Seat:
    """Keep how the player arranged their hand, on their seat: `order`, the card ids in the
    order they dragged them to (only cards of their hand, each once; cards left out go
    after them), or `sort`, one of the game's `hand_sorts`, which undoes any dragging. It
    changes nothing in the game, so it needs no version and takes no lock."""
    game = _load(game_id)
    seat = check_seated(game, user)
    if game.status != Game.Status.ACTIVE or game.state is None:
        raise Conflict("This game is not in play.")
    if sort is not None:
        sorts = game.plugin.hand_sorts
        if sort not in sorts:
            raise ServiceError(f"Sort the hand {' or '.join(f'by {s}' for s in sorts) or 'as it is dealt'}.")
        seat.hand_sort, seat.hand_order = sort, []
    else:
        seat.hand_order = _checked_order(order, game.rules.view(game.state, seat.index).get("hand") or [])
    seat.save(update_fields=["hand_sort", "hand_order"])
    return seat


def _checked_order(order, hand: list[str]) -> list[str]:
    if not isinstance(order, list | tuple) or not 0 < len(order) <= MAX_HAND_ORDER:
        raise ServiceError("Say the order of the cards of your hand.")
    if not all(isinstance(card, str) for card in order) or len(set(order)) != len(order):
        raise ServiceError("Name each card of your hand once.")
    if not set(order) <= set(hand):
        raise ServiceError("That card is not in your hand: the table has changed, reload it.")
    return list(order)


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
        try:
            game = _locked(game_id)
        except NotFound:
            return False
        if game.status != Game.Status.ACTIVE or game.version != version:
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
    from games import notifications  # it imports this module

    if game.status == Game.Status.ACTIVE:
        notifications.queue_mail(Notification.Kind.TIMED_OUT, seat.user, game, game.version)


def _time_out_at_once(game: Game, now) -> bool:
    """The shared clock of a step where the seats act at once ran out: the stand-in bot
    chooses for every person still to act, from their own view, each its own events. The
    clock was short, so this forfeits nobody and counts no missed turn (docs/decisions.md)."""
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


# The mails the sweeper sends once their time on the game row has passed: the column,
# the mail, and the status the game must still have.
DUE_MAILS = (
    ("turn_mail_at", Notification.Kind.YOUR_TURN, Game.Status.ACTIVE),
    ("remind_at", Notification.Kind.REMINDER, Game.Status.ACTIVE),
    ("result_mail_at", Notification.Kind.GAME_OVER, Game.Status.FINISHED),
    ("invite_mail_at", Notification.Kind.REMATCH, Game.Status.OPEN),
    ("full_mail_at", Notification.Kind.TABLE_FULL, Game.Status.OPEN),
)


def send_due_mails(now=None, limit: int = 500) -> int:
    """Claim games whose "your turn" mail, reminder, result mail, rematch invitation or
    full-table mail is due (a conditional UPDATE sets its time to NULL) and enqueue it for those who want turn
    mail (`_mail_recipients`). A claim whose mails could not all be enqueued is put back
    for the next pass (a mail sent twice is sent once: see notifications). Returns how
    many mails were enqueued."""
    now = now or timezone.now()
    sent = 0
    for field, kind, status in DUE_MAILS:
        due = list(
            Game.objects.filter(status=status, **{f"{field}__lte": now}).values_list(
                "pk", "version", field, "clock_seat", "to_act"
            )[:limit]
        )
        for game_id, version, due_at, clock_seat, to_act in due:
            if not Game.objects.filter(pk=game_id, version=version, **{field: due_at}).update(**{field: None}):
                continue
            # A turn mail with no clock seat is due in a step where the seats act at once:
            # it goes to everyone still to act (bots have no mail, `notifications` skips
            # a seat a bot plays).
            waiting = [clock_seat] if clock_seat is not None else to_act
            published = [
                publish_notification(kind, user.pk, game_id, version)
                for user in _mail_recipients(kind, game_id, waiting)
                if user.wants_turn_mail
            ]
            sent += sum(published)
            if not all(published):
                Game.objects.filter(pk=game_id, version=version, **{f"{field}__isnull": True}).update(**{field: due_at})
    return sent


def send_due_digests(now=None, limit: int = 500) -> int:
    """Claim the users whose daily digest is due (a conditional UPDATE moves
    `digest_due_at` to the next digest time) and enqueue the digest for those with games
    waiting for their move or a rematch table waiting for them. A claim the broker refused
    is put back for the next pass; a digest enqueued twice is sent once (one Notification
    per user and day). Returns how many digests were enqueued."""
    now = now or timezone.now()
    users = get_user_model().objects
    due = list(users.filter(digest_due_at__lte=now).only("pk", "digest_due_at", "time_zone", "digest_hour")[:limit])
    ids = [user.pk for user in due]
    away = set(Absence.objects.under_way().filter(user__in=ids).values_list("user_id", flat=True))
    waiting = {
        user_id
        for user_id, index, clock_seat, to_act in Seat.objects.filter(ON_A_CLOCK, user_id__in=ids).values_list(
            "user_id", "index", "game__clock_seat", "game__to_act"
        )
        if is_on_the_clock(index, clock_seat, to_act) and user_id not in away
    }
    others = [user for user in due if user.pk not in waiting and user.pk not in away]
    tables = list(Game.objects.rematches_of_games_played_by([user.pk for user in others]))
    waiting |= {user.pk for user in others if any(table.rematch_waits_for(user) for table in tables)}
    sent = 0
    for user in due:
        due_at, following = user.digest_due_at, user.next_digest_at(now)
        if not users.filter(pk=user.pk, digest_due_at=due_at).update(digest_due_at=following):
            continue
        if user.pk not in waiting:
            continue
        # The player's own day: one digest per local date, whatever the zone's offset.
        if publish_notification(Notification.Kind.DIGEST, user.pk, None, user.today(due_at).toordinal()):
            sent += 1
        else:
            users.filter(pk=user.pk, digest_due_at=following).update(digest_due_at=due_at)
    return sent


def _mail_recipients(kind: str, game_id: int, clock_seats: list[int]) -> list:
    """Who a due mail goes to: the players whose clock runs (turn mail, reminder), every
    player (result), the old game's players not yet at its rematch (invitation), or the
    host (table full)."""
    if kind == Notification.Kind.TABLE_FULL:
        return [game.host for game in Game.objects.filter(pk=game_id).select_related("host")]
    if kind == Notification.Kind.REMATCH:
        seats = Seat.objects.filter(game__rematch=game_id, user__isnull=False).exclude(
            user__in=Seat.objects.filter(game_id=game_id, user__isnull=False).values("user")
        )
    else:
        seats = Seat.objects.filter(game_id=game_id, user__isnull=False)
        if kind != Notification.Kind.GAME_OVER:
            seats = seats.filter(index__in=clock_seats)
    return [seat.user for seat in seats.select_related("user")]


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


# ---------------------------------------------------------------- internals


def _locked(game_id) -> Game:
    """The game row, locked until the transaction ends (its `seat_list` is read on first use)."""
    # FOR NO KEY UPDATE: a chat line, an event or a mail row that points at the game
    # (a foreign key check) need not wait for a move in progress.
    return _load(game_id, Game.objects.select_for_update(no_key=True))


def _load(game_id, games=Game.objects) -> Game:
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("No such table.") from None


def check_move_shape(move) -> None:
    """A move is an object naming its type; what else it holds is the rules' to judge."""
    if not isinstance(move, dict):
        raise ServiceError("A move must be a JSON object.")
    if not isinstance(move.get("type"), str):
        raise ServiceError('A move must name its type as a string, e.g. {"type": "draw", "from": "pile"}.')


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


def _seat(game: Game, index) -> Seat | None:
    return next((s for s in game.seat_list if s.index == index), None)


def out_seats(game: Game) -> set[int]:
    if game.state is None:
        return set()
    return set(game.rules.view(game.state, None).get("out") or [])


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


def publish_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0) -> bool:
    """Hand a mail to the broker now (only the sweeper sends mails, never a move), for its
    try number `attempt + 1`; False if the broker is unreachable. The task re-reads
    everything and claims the try on a Notification row first, so publishing one twice
    sends it once."""
    retry = (attempt,) if attempt else ()  # a first try's message is as it always was
    return _enqueue("games.tasks.send_notification", args=(kind, user_id, game_id, version, *retry))


broker_outage = Outage(
    logger,
    "Tasks not enqueued (%s): the sweeper sends them again once the broker is back.",
    "Tasks enqueued again after %.0f s.",
)


def _enqueue(task: str, **options) -> bool:
    """Hand a task to the broker; False if it is unreachable (the broker's socket timeouts
    bound the wait), which each caller leaves for the sweeper to send again."""
    try:
        celery_app.send_task(task, **options)
    except Exception as exc:
        broker_outage.failed(exc)
        return False
    broker_outage.worked()
    return True


def enqueue_bot_turn(game_id: int, version: int, delay: float = 0) -> None:
    """Ask a worker for the bot's move once this transaction commits. A broker that is
    down must not undo the move that led here: the turn is marked due for the sweeper
    to send again after BOT_TURN_GRACE."""

    def send():
        if not _enqueue("games.tasks.play_bot_turn", args=(game_id, version), countdown=delay):
            retry_at = timezone.now() + timedelta(seconds=settings.BOT_TURN_GRACE)
            Game.objects.filter(pk=game_id, version=version, bot_due_at__isnull=False).update(bot_due_at=retry_at)

    transaction.on_commit(send)
