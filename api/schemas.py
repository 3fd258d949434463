"""The API's request and response bodies (pydantic, through django-ninja): the OpenAPI
document is generated from these, and every response is checked against its own."""

from datetime import date, datetime
from typing import Any

from ninja import Field, Schema
from pydantic import StrictBool, StrictInt, model_validator

from tables.actions.table_checks import BOT_LEVELS
from tables.models import DEFAULT_TURN_SECONDS, TURN_TIMES, Game
from tables.plugins import PLUGINS


class Error(Schema):
    detail: str = Field(description="What went wrong, in a sentence fit to show a player.")


class SeatOut(Schema):
    index: int
    name: str | None = Field(description="None: the seat is free.")
    is_bot: bool
    away: bool = Field(description="A bot plays this person's seat until they are back.")
    is_me: bool
    to_act: bool
    absent_until: date | None = Field(
        description="The player announced an absence until this day: at tables whose absences stop the clock, "
        "their clock stands still."
    )
    rating: int | None = Field(
        description="The player's rating in this game, as the table shows it: now, or once a rated game is over, "
        "the rating it left them with. None for a bot or a free seat."
    )
    provisional: bool | None = Field(
        description="The rating is provisional (its first 10 counted games; the pages write it 1540?)."
    )
    change: int | None = Field(
        description="What this finished rated game did to the rating (0 if the farming rule did not count it); "
        "None otherwise."
    )


class ClockOut(Schema):
    seats: list[int] = Field(description="The seats whose clock runs.")
    deadline: datetime
    at_once: bool = Field(description="One shared clock for every seat acting at once.")


class StandingClockOut(Schema):
    seat: int
    seconds_left: int = Field(description="The time the player will have when they are back.")


class GameOut(Schema):
    id: int
    kind: str = Field(description="capitalla, capit, casino or rummathon.")
    game_name: str
    status: str = Field(description="open, active, finished or abandoned.")
    version: int = Field(description="Send it back with a move: a stale one is refused with 409.")
    private: bool
    host: str
    me: int | None = Field(description="My seat's index; None when I only watch.")
    seats: list[SeatOut]
    to_act: list[int]
    my_turn: bool
    clock: ClockOut | None
    standing_clock: StandingClockOut | None = Field(description="A clock standing still while its player is away.")
    turn_seconds: int
    ante: int = Field(description="Chips each player pays to sit down (0: no stakes); joining needs `stakes`.")
    rated: bool = Field(description="The result changes the players' ratings.")
    timeout_policy: str = Field(description="When a turn's time runs out: `bot` plays it, or `forfeit` (out).")
    allow_extra_time: bool = Field(description="Each player may give the one on the clock extra time, once.")
    absences_stop_clock: bool = Field(description="An announced absence stops the player's clock.")
    options: dict[str, Any] = Field(description="The game's table options (the create form's).")
    created_at: datetime
    started_at: datetime | None = Field(description="The deal; None before it.")
    finished_at: datetime | None
    rematch: int | None = Field(description="The table opened to play this game again, once one is.")
    rematch_of: int | None = Field(description="The game this table plays again, if it is a rematch.")
    chat_count: int = Field(description="Lines of table talk so far (GET /games/{id}/chat).")
    seed_hash: str | None = Field(
        description="Published at the deal (None before): the hex sha256 of the seed written in decimal, "
        "so that the seed the log reveals at the end can be checked against it."
    )
    result: dict[str, Any] | None = Field(description="Once the game is over.")
    view: dict[str, Any] | None = Field(
        description="The game's own view of the position for my seat (`rules.view`), None before the deal."
    )


class StaleOut(Schema):
    detail: str
    game: GameOut | None = Field(None, description="The game now, when the version sent was stale.")


class LegalMovesOut(Schema):
    version: int
    total: int = Field(description="How many legal moves there are in all.")
    offset: int
    limit: int
    moves: list[dict[str, Any]]


class MoveIn(Schema):
    version: StrictInt = Field(description="The version of the position the move was chosen in.")
    move: dict[str, Any] = Field(description='A move as legal-moves lists it, e.g. {"type": "draw", "from": "pile"}.')


class EventOut(Schema):
    seq: int
    seat: int | None
    move: dict[str, Any]
    text: str
    at: datetime


class LogOut(Schema):
    id: int
    kind: str
    num_seats: int
    options: dict[str, Any]
    seed: int | None = Field(
        description="The shuffle's seed, revealed once the game is finished (None before): "
        "new_game(num_seats, options, seed). A 64-bit integer: JavaScript must read it as a BigInt."
    )
    seed_hash: str | None
    result: dict[str, Any] | None
    events: list[EventOut] = Field(description="The events after `after`, oldest first, at most 1000.")
    more: bool = Field(description="More events follow: ask again with `after` the last `seq`.")


class ChatLineOut(Schema):
    seat: int = Field(description="The speaker's seat.")
    name: str
    text: str
    at: datetime
    is_me: bool


class ChatOut(Schema):
    count: int = Field(description="Lines said in all.")
    lines: list[ChatLineOut] = Field(description="The latest lines, newest first.")


def one_of(values) -> dict:
    """An enum in the OpenAPI document; the services refuse anything else, saying why."""
    return {"json_schema_extra": {"enum": list(values)}}


class TableIn(Schema):
    """The lobby's create form. The services judge the whole (each game's number of
    players, bots no more than seats, no bots at a table with an ante...)."""

    kind: str = Field(**one_of(PLUGINS))
    seats: StrictInt = Field(ge=2, le=6)
    bots: StrictInt = Field(0, ge=0, le=5)
    bot_level: str = Field("normal", **one_of(BOT_LEVELS))
    private: StrictBool = False
    options: dict[str, Any] = Field(default_factory=dict, description="The game's table options.")
    ante: StrictInt = Field(0, ge=0, le=1_000_000)
    turn_seconds: StrictInt = Field(DEFAULT_TURN_SECONDS, **one_of(seconds for seconds, _ in TURN_TIMES))
    timeout_policy: str = Field(
        Game.TimeoutPolicy.BOT.value,
        description="Unsent: a bot plays the missed turn, or at a rated table the player is out.",
        **one_of(Game.TimeoutPolicy.values),
    )
    allow_extra_time: StrictBool = True
    absences_stop_clock: StrictBool | None = Field(None, description="None: on for turn times of a day or more.")
    rated: StrictBool = False

    @model_validator(mode="after")
    def rated_tables_forfeit(self):
        """As the create form: a rated table takes no stand-in bot (table_checks.check_rated_table)."""
        if self.rated and "timeout_policy" not in self.model_fields_set:
            self.timeout_policy = Game.TimeoutPolicy.FORFEIT.value
        return self


class TablesOut(Schema):
    count: int
    offset: int
    limit: int
    tables: list[GameOut]


class MyGamesOut(Schema):
    my_turn: list[GameOut] = Field(description="Games waiting for me, the nearest deadline first.")
    waiting: list[GameOut] = Field(description="Games in play waiting for others.")
    open: list[GameOut] = Field(description="Tables not dealt yet where I have a seat, private ones too, newest first.")
    rematches: list[GameOut] = Field(
        description="Rematches of my games waiting for me (no seat yet): take one with POST "
        "/games/{rematch_of}/rematch."
    )
    finished: list[GameOut] = Field(description="The latest finished games.")


class ChatIn(Schema):
    text: str


class KindOut(Schema):
    kind: str = Field(description="The game's slug: a table's `kind`.")
    name: str
    min_players: int
    max_players: int
    default_players: int = Field(description="The table size the create form offers first, and a quick game's.")
    default_options: dict[str, Any] = Field(description="The table options and their defaults.")
    quick_options: dict[str, Any] = Field(description="The options of the game's short form, if it has one.")
    bot_levels: list[str] = Field(description="The levels of bot the game has.")


class KindsOut(Schema):
    kinds: list[KindOut]


class MeOut(Schema):
    id: int
    name: str
    scopes: list[str]
