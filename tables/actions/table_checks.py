"""The checks (no writes) on a new table and on a player taking a seat: the game and its
options, the bots and their level, the clock, an ante or a rating, and the account's
limits on open tables and games against bots."""

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.template.defaultfilters import pluralize

from engine.registry import RULES
from tables.actions.checks import check_not_dealt
from tables.actions.errors import PEOPLE_ONLY, RATED_PEOPLE_ONLY, Conflict, Forbidden, ServiceError
from tables.models import TURN_TIMES, Game, Seat
from tables.plugins import PLUGINS

BOT_LEVELS = ("easy", "normal", "hard")


def offered_bot_levels(kind: str) -> list[str]:
    """The levels of BOT_LEVELS the game has a bot of, easiest first."""
    return [level for level in BOT_LEVELS if level in PLUGINS[kind].bots]


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
