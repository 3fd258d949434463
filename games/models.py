"""Tables, seats and the move log. A game's truth is its Event log; `Game.state` is the
snapshot after the last event, written in the same transaction as that event."""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.engine.registry import RULES


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


def seed_digest(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    kind = models.CharField(max_length=20, choices=[(slug, r.info.name) for slug, r in RULES.items()])
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    num_seats = models.PositiveSmallIntegerField()
    bot_level = models.CharField(max_length=10, default="normal")
    options = models.JSONField(default=dict, blank=True)
    private = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)

    # The seed stays secret until the game ends; its digest is public from the start.
    seed = models.BigIntegerField(null=True, blank=True)
    seed_hash = models.CharField(max_length=64, blank=True)

    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    to_act = models.JSONField(default=list, blank=True)
    result = models.JSONField(null=True, blank=True)
    # When a bot is due to move; the sweeper re-enqueues bot turns left waiting too long.
    bot_due_at = models.DateTimeField(null=True, blank=True, db_index=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "private", "-created_at"], name="game_lobby_idx")]

    def __str__(self):
        return f"{self.get_kind_display()} #{self.pk}"

    def get_absolute_url(self):
        return reverse("game", args=[self.pk])

    @property
    def rules(self):
        return RULES[self.kind]

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)

    @property
    def seed_revealed(self) -> int | None:
        return self.seed if self.status == self.Status.FINISHED else None

    def seat_of(self, user) -> "Seat | None":
        if not user.is_authenticated:
            return None
        return next((s for s in self.seats.all() if s.user_id == user.pk), None)

    def free_indexes(self) -> list[int]:
        taken = {s.index for s in self.seats.all()}
        return [i for i in range(self.num_seats) if i not in taken]


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    bot_level = models.CharField(max_length=10, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
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
    def name(self) -> str:
        if self.is_bot:
            return f"Bot {self.index + 1} ({self.bot_level})"
        return self.user.name


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
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")]

    def __str__(self):
        return f"{self.game} #{self.seq}"


class Hand(models.Model):
    """The outcome of one deal or round, derived from the log, for result pages and stats."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    result = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number")]
