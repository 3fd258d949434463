"""What the core hands a game's presenter: the table it built (`TableView`, one TypedDict per
part of `presenters.present_table`) and what it worked out about the viewer (`Seen`).

At run time a `TableView` is a plain dict, as the templates read it (`table.seats`). A game
adds its own keys (its plugin's `present(game, table, seen)`), named in its own package by
a TypedDict that extends `TableView` with `total=False` (e.g. `games.capit.presenter.CapitTable`);
the keys every game fills are named here, not required: `result` (with its `headline`),
`controls` (what the viewer may do now, in the game's own shape) and `hand`.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, NotRequired, TypedDict

from django.http import HttpRequest

from tables.models import Seat

# ---------------------------------------------------------------- the viewer


@dataclass(frozen=True)
class Seen:
    """What `present_table` worked out about the viewer, for the game's own presenter."""

    view: dict | None  # rules.view(state, my_index); None before the deal
    me: Seat | None  # my seat, if I sit at the table
    my_index: int | None
    to_act: list[int]  # the seats to act now (the view's "to_act")
    name_of: Callable[[int], str]  # a seat's current name ("Seat 3" for an empty one)
    request: HttpRequest | None = None


# ---------------------------------------------------------------- the rows of the parts


class SeatRow(TypedDict):
    index: int
    number: int  # index + 1
    name: str | None
    url: str | None  # the player's page; None for a bot or an empty seat
    empty: bool
    is_bot: bool
    away: bool
    absent_until: date | None  # an announced absence's last day, while it stands the clock
    is_me: bool
    is_host: bool
    hand_size: int | None
    cards: str  # "3 cards"; a game may add to it ("3 cards · 12 points")
    to_act: bool
    out: bool
    winner: bool
    tags: list[dict]  # what the game tells about the seat: {"text", "modifier"}
    rating: dict | None  # ratings.reading.shown


class Clock(TypedDict):
    name: str  # whose clock: "Alice", "Alice and you"
    at_once: bool
    is_me: bool
    deadline: datetime | None
    turn_seconds: int


class StandingClock(TypedDict):
    name: str
    is_me: bool
    left: str  # "3 hours"
    until: date | None


class PayoutLine(TypedDict):
    """A payment out of the pot, in words (`move_log.payout_lines`)."""

    at: datetime
    chips: bool  # True: a payment, not a move
    text: str


class HistoryLine(PayoutLine):
    """A move of the log in words, or a payment after the move that caused it (its `seq`)."""

    seq: int


class RoundOver(TypedDict):
    """A round just over, its summary opening the table (`move_log.round_over`)."""

    key: str  # "round-3": what Continue remembers
    title: str  # "Round 3 is over"
    next: str  # "Round 4 is dealt."


class RecentLine(HistoryLine):
    """A line of the table's "Just now" panel (`move_log.just_now`)."""

    new: bool  # after the version the page showed: highlighted as it arrives


class ChatLine(TypedDict):
    seat: int | None
    name: str
    text: str
    at: datetime
    is_me: bool


class Chat(TypedDict):
    lines: list[ChatLine]  # newest first
    count: int
    url: str
    can_say: bool
    max_length: int
    error: str | None
    draft: str


class Stakes(TypedDict):
    ante: int
    pot: int


class Rematch(TypedDict):
    label: str | None
    url: str | None
    hint: str


class Arrange(TypedDict):
    """The shared hand controls (tables/_hand_arrange.html), from `presenters.arranged`."""

    url: str
    dragged: bool
    sorts: list[dict]  # {"value", "label", "chosen"}


# ---------------------------------------------------------------- the parts of the table


class Heading(TypedDict):
    """The title and the status."""

    id: int
    kind: str
    play_template: str
    my_turn_template: str
    game_name: str
    title: str
    status: str
    status_label: str
    waiting_title: str
    is_open: bool
    is_active: bool
    is_finished: bool
    is_abandoned: bool
    abandoned_line: str | None
    version: int
    private: bool
    rated: bool
    bot_level: str
    seed_hash: str
    seed: int | None  # revealed once the game is over
    rules_url: str


class Seating(TypedDict):
    """The seats, the host, and where the viewer sits."""

    seats: list[SeatRow]
    free_seats: int
    bots_seated: bool
    host_name: str
    is_host: bool
    me: int | None
    seated: bool
    spectator: bool


class Links(TypedDict):
    """The table's links, and how the page keeps up (a stream, else polling)."""

    urls: dict[str, str | None]  # presenters.GAME_URLS and the game's own ("<slug>_<name>")
    has_replay: bool
    history_url: str | None
    invite_url: str | None
    watch_url: str | None
    poll_url: str | None
    poll_every: int  # milliseconds
    live_url: str | None


class Timing(TypedDict):
    """The clock, and what the viewer may do about it."""

    clock: Clock | None
    standing_clock: StandingClock | None
    turn_time: str
    timeout_policy: str
    timeout_policy_label: str
    allow_extra_time: bool
    absences_stop_clock: bool
    away: bool
    can_come_back: bool
    can_extra_time: bool
    extra_time_used: bool


class Moves(TypedDict):
    """The move log with the payouts, and how an htmx answer updates it."""

    history: list[HistoryLine]  # newest first
    history_swap: str | None  # "prepend", "replace", or None on a whole page
    just_now: list[RecentLine] | None  # the "Just now" panel, newest first; None before the deal
    recent_moves: list[dict]  # the panel's history rows with their moves, oldest first: card_marks reads them


class Talk(TypedDict):
    chat: Chat | None  # None in an htmx answer when the chat did not change
    chat_swap: bool


class Joining(TypedDict):
    """Whether the viewer may take a seat (`presenters.joining`: the lobby asks too)."""

    can_join: bool
    confirm_to_join: bool


class Choices(Joining):
    """What the viewer may do about the table itself (not a move)."""

    login_to_join: bool
    can_leave: bool
    can_start: bool
    can_cancel: bool
    can_resign: bool
    rematch: Rematch | None


class Turn(TypedDict, total=False):
    """Whose turn it is: only once the cards are dealt (`rules.view` says)."""

    phase: str | None
    turn: int | None
    my_turn: bool
    bot_plays_my_turn: bool  # I am away and a bot plays my turn
    to_act_names: list[str]
    waiting_for: str


class Tour(TypedDict):
    """The first-game tour offered to the viewer (`tables.tours.offered_tour`)."""

    kind: str
    game_name: str
    steps: int  # how many
    steps_url: str  # tables.tours.tour_steps: the steps' words, for tour.js
    done_url: str
    next: str  # where the "Skip" form goes back to without JavaScript


class TableView(Heading, Seating, Links, Timing, Moves, Talk, Choices, Turn):
    """The table as the core builds it for every game (`presenters.present_table`)."""

    stakes: Stakes | None
    error: str | None
    page_title: str
    partial: bool  # an htmx answer, not a whole page
    confirm_discards: str  # "touch", "always" or "never": User.ConfirmDiscards
    tour: Tour | None  # the first-game tour offered (tables.tours); None in an htmx answer
    # Filled by the game's presenter; None before the deal (`presenters.present`).
    arrange: NotRequired[Arrange | None]
    hand: NotRequired[list[dict] | None]
    hand_groups: NotRequired[list[dict] | None]
    result: NotRequired[dict | None]
    controls: NotRequired[Any]
