"""Tables, seats and the move log. A game's truth is its Event log; `Game.state` is the
snapshot after the last event, written in the same transaction as that event."""

import hashlib
import secrets
from functools import cached_property

from django.conf import settings
from django.db import models
from django.urls import reverse

from tables.plugins import get_plugin, validate_kind


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


def seed_digest(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


# Events that are not engine moves: the site's own record of clocks and seats. Replay skips
# them; they still take a seq, so every event bumps Game.version.
# ("back" is a player's return from a bot's takeover; "absence_starts" and "absence_ends"
# bound an announced absence, accounts.Absence.)
SYSTEM_MOVES = frozenset({"timeout", "takeover", "back", "extra_time", "absence_starts", "absence_ends"})
# System events that change neither the position nor who is to act: a move made against
# the version before them is still a move in the same position.
POSITION_NEUTRAL_MOVES = frozenset({"back", "extra_time", "absence_starts", "absence_ends"})

# Why a dealt game is over with no result (Game.stopped).
STOPPED = "The game stopped unfinished: nobody but bots was left to play."
CLOSED = "The host closed this table before the deal."

# A table's time for one turn, chosen at creation (seconds, label).
TURN_TIMES = [
    (30, "30 seconds"),
    (120, "2 minutes"),
    (600, "10 minutes"),
    (3600, "1 hour"),
    (12 * 3600, "12 hours"),
    (86400, "1 day"),
    (3 * 86400, "3 days"),
    (7 * 86400, "7 days"),
]
DEFAULT_TURN_SECONDS = 86400
# From this turn time up, a table's clock stands still while a player is away, unless the
# host chose otherwise: a correspondence table waits for a holiday, a live one does not.
ABSENCES_STOP_CLOCK_FROM = 86400


def turn_time_label(seconds: int) -> str:
    """A turn time as the create form names it, or any other length in words ("6 hours")."""
    if seconds in dict(TURN_TIMES):
        return dict(TURN_TIMES)[seconds]
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'s' if n > 1 else ''}"
    return f"{seconds} seconds"


def spoken_list(words: list[str]) -> str:
    """Names in words: "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    return " and ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


def is_system_move(move) -> bool:
    return isinstance(move, dict) and move.get("type") in SYSTEM_MOVES


# How many of the latest moves a game page lists; the history page has them all.
RECENT_MOVES = 30
# What a line of the move history is made of (Event columns).
HISTORY_FIELDS = ("seq", "seat", "summary", "created_at", "move")


class GameQuerySet(models.QuerySet):
    def visible_to(self, user) -> "GameQuerySet":
        """The games `user` may see: the public ones, and the private ones they sit at or
        host; the staff see all. The site's one rule of who sees a table (holding a table's
        invite link is the other way in: see tables.views_tables.invite); `Game.is_visible_to`
        says the same of a game already loaded, and a test holds the two together."""
        if not user.is_authenticated:
            return self.filter(private=False)
        if user.is_staff:
            return self
        seated = Seat.objects.filter(game=models.OuterRef("pk"), user=user)
        return self.filter(models.Q(private=False) | models.Q(host=user) | models.Exists(seated))

    def rematches_of_games_played_by(self, user_ids) -> "GameQuerySet":
        """The open rematch tables of games these players sat at, with what
        `Game.rematch_waits_for` reads loaded (the old game's seats, the table's own)."""
        return (
            self.filter(status=Game.Status.OPEN, rematch_of__seats__user__in=user_ids)
            .distinct()
            .select_related("rematch_of", "host")
            .prefetch_related("seats", "rematch_of__seats")
        )


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    class TimeoutPolicy(models.TextChoices):
        BOT = "bot", "A bot plays the missed turn"
        FORFEIT = "forfeit", "The player is out"

    # A registered game's slug (tables.plugins): no choices here, so a new game needs no migration.
    kind = models.CharField(max_length=20, validators=[validate_kind])
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    num_seats = models.PositiveSmallIntegerField()
    bot_level = models.CharField(max_length=10, default="normal")
    options = models.JSONField(default=dict, blank=True)
    private = models.BooleanField(default=False)
    # Chips every player pays into the pot when the game starts; 0 for a friendly game.
    ante = models.PositiveIntegerField(default=0)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)

    # The seed stays secret until the game ends; its digest is public from the start.
    seed = models.BigIntegerField(null=True, blank=True)
    seed_hash = models.CharField(max_length=64, blank=True)

    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    to_act = models.JSONField(default=list, blank=True)
    result = models.JSONField(null=True, blank=True)
    # While a bot is to act: when the sweeper sends its turn again if it is still not played
    # (the broker refused it, or it was lost); each position is published once otherwise.
    bot_due_at = models.DateTimeField(null=True, blank=True, db_index=True)

    # Turn clocks. The clock runs for one human seat at a time (`clock_seat`): set when the
    # turn passes to that seat, kept between its pick and discard, cleared when a bot or
    # nobody is to act. In a step where the seats act at once (`clock_at_once`: a deadline
    # with no `clock_seat`) one short clock runs for every person still to act. The sweeper
    # claims rows whose `deadline` passed (and sends the "your turn" mail once
    # `turn_mail_at` passed, the reminder once `remind_at` passed) by conditional updates
    # setting them to NULL.
    turn_seconds = models.PositiveIntegerField(choices=TURN_TIMES, default=DEFAULT_TURN_SECONDS)
    timeout_policy = models.CharField(max_length=10, choices=TimeoutPolicy.choices, default=TimeoutPolicy.BOT)
    allow_extra_time = models.BooleanField(default=True)
    clock_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    turn_mail_at = models.DateTimeField(null=True, blank=True, db_index=True)
    remind_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # When the game ended, until the sweeper has sent everyone the result.
    result_mail_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # A rematch table: when its invitation goes to the old game's other players.
    invite_mail_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # An open table whose last seat was taken: when its host hears that it is full.
    full_mail_at = models.DateTimeField(null=True, blank=True, db_index=True)
    extra_time_used = models.BooleanField(default=False)
    # A clock standing still while its player is away (Seat.absent_until): `clock_seat`
    # with no deadline, and the time it had left, given back at their return.
    clock_left = models.DurationField(null=True, blank=True)
    # A player's announced absence (accounts.Absence) stops their clock at this table.
    # On by default for turn times of ABSENCES_STOP_CLOCK_FROM or more (create_table).
    absences_stop_clock = models.BooleanField(default=False)
    # The result counts for the players' ratings (ratings/): a table of people only.
    rated = models.BooleanField(default=False)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # How many chat messages the table has: a poll compares it with what the page shows.
    chat_count = models.PositiveIntegerField(default=0)
    # The table its players opened to play again once it was over (at most one).
    rematch = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of")
    # The users whose seat the host freed before the deal: none takes a seat here again,
    # by the lobby, a link or the last game's rematch button.
    turned_away = models.JSONField(default=list, blank=True)

    objects = GameQuerySet.as_manager()

    # The status and version as read from the database (None for a new table): the live
    # news compares them with the saved ones, to tell when a table leaves the lobby and
    # whether a page showing the version saved is up to date (live/news.py).
    loaded_status: str | None = None
    loaded_version: int | None = None

    class Meta:
        db_table = "games_game"
        indexes = [models.Index(fields=["status", "private", "-created_at"], name="game_lobby_idx")]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("game", args=[self.pk])

    @property
    def title(self) -> str:
        """What pages and mails call the table: "Capitalla #12"."""
        return f"{self.rules.info.name} #{self.pk}"

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        game = super().from_db(db, field_names, values, **kwargs)
        game.loaded_status = game.__dict__.get("status")
        game.loaded_version = game.__dict__.get("version")
        return game

    @property
    def plugin(self):
        return get_plugin(self.kind)

    @property
    def rules(self):
        return get_plugin(self.kind).rules

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)

    @property
    def stopped(self) -> bool:
        """Abandoned after the deal: every person had left a game with bots, which stopped
        there unfinished (game_state._stop_for_nobody). Before the deal, the host closed it."""
        return self.status == self.Status.ABANDONED and self.started_at is not None

    @property
    def closed_before_the_deal(self) -> bool:
        """Its host closed it before the deal (or closed their account)."""
        return self.status == self.Status.ABANDONED and self.started_at is None

    @property
    def has_replay(self) -> bool:
        """Whether the game was dealt and is over (finished, or stopped)."""
        return self.status == self.Status.FINISHED or self.stopped

    @property
    def clock_at_once(self) -> bool:
        """The clock running is the shared one of a step where the seats act at once
        (clocks.at_once_seconds): it has a deadline but no one seat."""
        return self.clock_seat is None and self.deadline is not None

    def clock_seats(self) -> list[int]:
        """The seats whose clock runs: the clock seat, or every person still to act in a
        step where the seats act at once."""
        if self.deadline is None:
            return []
        return [self.clock_seat] if self.clock_seat is not None else self.people_to_act()

    def people_to_act(self) -> list[int]:
        """The seats to act that a person plays (not a bot, nor a bot standing in for a
        player who is away)."""
        people = {s.index for s in self.seat_list if not s.plays_as_bot}
        return [i for i in self.to_act if i in people]

    @property
    def seed_revealed(self) -> int | None:
        return self.seed if self.status == self.Status.FINISHED else None

    def record_event(self, seat: int | None, move: dict, summary: str) -> "Event":
        """Append the next event to the log. The caller holds the row lock and saves the
        game's new `version`. The events recorded are kept on this instance, so the answer
        to a move can show them without reading them back."""
        self.version += 1
        event = Event.objects.create(game=self, seq=self.version, seat=seat, move=move, summary=summary)
        self.recorded_events = [*getattr(self, "recorded_events", []), event]
        return event

    def latest_moves(self, count: int = RECENT_MOVES) -> list[dict]:
        """The latest `count` history rows, newest first."""
        return list(self.events.order_by("-seq").values(*HISTORY_FIELDS)[:count])

    def moves_after(self, version: int) -> list[dict] | None:
        """The history rows after `version`, newest first; None when they are more than
        RECENT_MOVES (or `version` is not one of this game's)."""
        if not 0 <= version <= self.version or self.version - version > RECENT_MOVES:
            return None
        if version == self.version:
            return []
        recorded = getattr(self, "recorded_events", [])
        if recorded and recorded[0].seq <= version + 1:
            return [event.history_row() for event in reversed(recorded) if event.seq > version]
        return list(self.events.filter(seq__gt=version).order_by("-seq").values(*HISTORY_FIELDS))

    @cached_property
    def seat_list(self) -> list["Seat"]:
        """The seats in index order, read once per instance (from `prefetch_related("seats")`
        when the query had it)."""
        return list(self.seats.all())

    def position_unchanged_since(self, version: int) -> bool:
        """True when every event after `version` left the position as it was (extra time
        given, a player back from a bot): a move sent from that version still fits."""
        if not 0 <= version <= self.version:
            return False
        return not self.events.filter(seq__gt=version).exclude(move__type__in=POSITION_NEUTRAL_MOVES).exists()

    def is_visible_to(self, user) -> bool:
        """`Game.objects.visible_to(user)` for this game, read from its loaded seats."""
        return (
            not self.private
            or user.is_authenticated
            and (user.is_staff or user.pk == self.host_id or self.seat_of(user) is not None)
        )

    def seat_of(self, user) -> "Seat | None":
        if not user.is_authenticated:
            return None
        return next((s for s in self.seat_list if s.user_id == user.pk), None)

    def free_indexes(self) -> list[int]:
        taken = {s.index for s in self.seat_list}
        return [i for i in range(self.num_seats) if i not in taken]

    def rematch_waits_for(self, user) -> bool:
        """This table is an open rematch that still waits for a player of the game before:
        a seat free, and they neither at it nor turned away from it."""
        old = getattr(self, "rematch_of", None)
        return (
            self.status == Game.Status.OPEN
            and old is not None
            and old.seat_of(user) is not None
            and self.seat_of(user) is None
            and user.pk not in self.turned_away
            and bool(self.free_indexes())
        )

    @property
    def rematch_mark(self) -> str:
        """What a finished game's page shows of its rematch, in a word its poll sends back
        (`again=`): none yet, or which one, how many sit there and whether it started."""
        following = self.rematch
        if following is None:
            return rematch_mark(None, 0, "")
        return rematch_mark(following.pk, len(following.seat_list), following.status)


def rematch_mark(rematch_id: int | None, seated: int, status: str) -> str:
    return f"{rematch_id}-{seated}-{status}" if rematch_id else "0"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    bot_level = models.CharField(max_length=10, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Turns this player let run out in a row; at MISSES_BEFORE_TAKEOVER a bot takes the
    # seat (`away`) and plays it like a bot seat until the player says they are back.
    missed_turns = models.PositiveSmallIntegerField(default=0)
    away = models.BooleanField(default=False)
    # The player's name as the table shows it, kept here so a game page (and every move's
    # response) needs no user rows; tables.signals renames the seats when the player
    # changes their display name. Empty for a bot.
    player_name = models.CharField(max_length=150, blank=True)
    # How the player arranged their hand (hand_arrangement.arrange_hand): one of the game's
    # `hand_sorts` ("" for its first), and the card ids in the order they dragged them to
    # (empty: sorted). Only this seat's page reads them; presenters.arranged applies them.
    hand_sort = models.CharField(max_length=20, blank=True)
    hand_order = models.JSONField(default=list, blank=True)
    # While the player's announced absence is under way at a table whose absences stop the
    # clock: its last day, in their time zone ("away until 12 March"). Their clock stands.
    absent_until = models.DateField(null=True, blank=True)

    class Meta:
        db_table = "games_seat"
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_unique_user"
            ),
        ]

    def __str__(self):
        return f"{self.name} at seat {self.index}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def plays_as_bot(self) -> bool:
        """A bot seat, or a player's seat a bot took over while they are away."""
        return self.user_id is None or self.away

    @property
    def name(self) -> str:
        if self.is_bot:
            return f"Bot {self.index + 1} ({self.bot_level})"
        return self.player_name


# The seats whose clock may run, as a filter of Seat rows: the clock seat of a game in
# play, or a person's seat at a game in a step where the seats act at once (a deadline and
# no clock seat), whose clock runs while the seat is to act: `is_on_the_clock` reads that
# from the game's `to_act` (a JSON list, which SQL cannot ask alike on every database).
ON_A_CLOCK = models.Q(game__status=Game.Status.ACTIVE) & (
    models.Q(game__clock_seat=models.F("index"))
    | models.Q(game__clock_seat=None, game__deadline__isnull=False, user__isnull=False, away=False)
)


def is_on_the_clock(index: int, clock_seat: int | None, to_act: list[int]) -> bool:
    """Of a seat that ON_A_CLOCK found: whether its clock runs (`Game.clock_seats`)."""
    return index == clock_seat or clock_seat is None and index in to_act


class Event(models.Model):
    """One applied move. Append-only: (game, seq) is unique and seq == Game.version after it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    move = models.JSONField()
    # Public sentence from the engine with a "{player}" placeholder, for the history.
    summary = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_event"
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")]

    def __str__(self):
        return f"{self.game} #{self.seq}"

    @property
    def is_system(self) -> bool:
        return is_system_move(self.move)

    def history_row(self) -> dict:
        return {field: getattr(self, field) for field in HISTORY_FIELDS}


class Hand(models.Model):
    """The outcome of one deal or round, derived from the log, for result pages and stats."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    result = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_hand"
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number")]

    def __str__(self):
        return f"Game {self.game_id}, hand {self.number}"


class ChatMessage(models.Model):
    """A line of table talk from a seated player. Not part of the game: no event, no version."""

    MAX_LENGTH = 300

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # Shown with the seat's current name, like the move history.
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_chatmessage"
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "-id"], name="chat_latest_idx")]

    def __str__(self):
        return f"Seat {self.seat + 1} in {self.game_id}: {self.text[:40]}"


class QueueHeartbeat(models.Model):
    """The sweeper's probe of one worker queue (games/heartbeats.py): when it last put a
    heartbeat task on the queue, and when a worker last ran one. A queue whose last run
    is old means nobody serves it, even while it has no real work waiting."""

    queue = models.CharField(max_length=32, primary_key=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_queueheartbeat"

    def __str__(self):
        return f"{self.queue}: sent {self.sent_at}, seen {self.seen_at}"
