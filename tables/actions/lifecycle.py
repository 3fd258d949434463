"""A table's life before and around its game: open one (or a quick game against bots),
join, leave, close, free a seat, renew the invite link, deal, ask for a rematch, and
everything a closing account leaves at the tables."""

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.defaultfilters import pluralize
from django.utils import timezone

from accounts import throttle
from engine.rng import new_seed
from ledger import chips
from tables.actions.absences import _mark_absent_players
from tables.actions.checks import check_host, check_not_dealt, check_seated
from tables.actions.errors import PEOPLE_ONLY, RATED_PEOPLE_ONLY, Conflict, Forbidden, NotFound, ServiceError, TooMany
from tables.actions.game_state import _after_change, _apply, _chips_refusal, _locked, _seat, lock_account, out_seats
from tables.actions.table_checks import (
    check_bot_games,
    check_can_join,
    check_clock_options,
    check_game_options,
    check_new_table,
    check_open_tables,
    check_people_only,
    check_rated_player,
    check_rated_table,
)
from tables.models import ABSENCES_STOP_CLOCK_FROM, DEFAULT_TURN_SECONDS, Game, Seat, new_invite_code, seed_digest
from tables.plugins import PLUGINS


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


def _take_new_table(host) -> None:
    """The limits on opening one more table, under a lock on the host's row so that
    concurrent requests cannot all pass the last free place."""
    lock_account(host)
    check_open_tables(host)
    limit = settings.NEW_TABLE_LIMIT
    if not throttle.take("new-table", str(host.pk), limit):
        raise TooMany(f"You have opened {limit} table{pluralize(limit)} in the last hour; try again later.")


def quick_game(user, kind: str, bot_level: str | None = None) -> Game:
    """A game against bots, dealt at once: the user and bots of `bot_level` (the lobby's
    "Play now" sends the player's choice, "normal" unless they pick another; None, for
    scripts and tests, seats "normal" too, the level every game offers) at a table of the game's usual
    size (its `rules.info.default_players`, which the create form offers first: four for a
    game of four, two for a game of two), the game in its short form if it has one
    (`GamePlugin.quick_options`), the table's other settings at their defaults (a friendly
    game, one day per turn). A level the game has no bot of is refused by `create_table`,
    before anything is written."""
    with transaction.atomic():
        check_bot_games(user)  # before the table is opened, so that this is the refusal given
        if kind not in PLUGINS:
            raise ServiceError(f"Unknown game {kind!r}.")  # as create_table says it
        plugin = PLUGINS[kind]
        seats = plugin.rules.info.default_players
        game = create_table(
            user,
            kind,
            seats=seats,
            bots=seats - 1,
            bot_level=bot_level or "normal",
            options=dict(plugin.quick_options),
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
