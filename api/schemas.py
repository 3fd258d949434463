"""The API's request and response bodies (pydantic, through django-ninja): the OpenAPI
document is generated from these, and every response is checked against its own."""

from datetime import date, datetime
from typing import Any

from ninja import Field, Schema
from pydantic import model_validator

from games.models import DEFAULT_TURN_SECONDS, TURN_TIMES, Game
from games.plugins import PLUGINS
from games.services import BOT_LEVELS


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
    seed_hash: str = Field(description="sha256 of the seed, published at the deal.")
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
    version: int = Field(description="The version of the position the move was chosen in.")
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
    seed: int = Field(description="The shuffle's seed, revealed at the end: new_game(num_seats, options, seed).")
    seed_hash: str
    result: dict[str, Any] | None
    events: list[EventOut]


def one_of(values) -> dict:
    """An enum in the OpenAPI document; the services refuse anything else, saying why."""
    return {"json_schema_extra": {"enum": list(values)}}


class TableIn(Schema):
    """The lobby's create form. The services judge the whole (each game's number of
    players, bots no more than seats, no bots at a table with an ante...)."""

    kind: str = Field(**one_of(PLUGINS))
    seats: int = Field(ge=2, le=6)
    bots: int = Field(0, ge=0, le=5)
    bot_level: str = Field("normal", **one_of(BOT_LEVELS))
    private: bool = False
    options: dict[str, Any] = Field(default_factory=dict, description="The game's table options.")
    ante: int = Field(0, ge=0, le=1_000_000)
    turn_seconds: int = Field(DEFAULT_TURN_SECONDS, **one_of(seconds for seconds, _ in TURN_TIMES))
    timeout_policy: str = Field(
        Game.TimeoutPolicy.BOT.value,
        description="Unsent: a bot plays the missed turn, or at a rated table the player is out.",
        **one_of(Game.TimeoutPolicy.values),
    )
    allow_extra_time: bool = True
    absences_stop_clock: bool | None = Field(None, description="None: on for turn times of a day or more.")
    rated: bool = False

    @model_validator(mode="after")
    def rated_tables_forfeit(self):
        """As the create form: a rated table takes no stand-in bot (services.check_rated_table)."""
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
    finished: list[GameOut] = Field(description="The latest finished games.")


class ChatIn(Schema):
    text: str


class MeOut(Schema):
    id: int
    name: str
    scopes: list[str]
