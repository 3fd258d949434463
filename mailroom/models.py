"""The mail's records: mails due and their tries (Notification), mails the embedded
default keeps for /outbox/ (OutboxMessage), the game links mails carry (MagicLink), and
the replies that played moves (InboundMail). Their tables kept the names they had when
they lived in the games app (games_notification, ...): moving them moved no row."""

from django.conf import settings
from django.db import models

from tables.models import Game


class Notification(models.Model):
    """One mail, from the moment it is due until it is sent or given up: a row is never
    lost with a mail server that is down. `version` is the game's version the mail is about
    (a day number for digests).

    Its state: due while `next_try_at` has passed; being tried (or waiting for its next
    try) while `next_try_at` is ahead; sent (`sent_at`) or failed for good (`failed_at`),
    both with no `next_try_at`. Each try is claimed by a conditional UPDATE of `attempts`
    (mailroom/notifications/delivery.py), so a task delivered twice sends one mail."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "Your turn"
        REMINDER = "reminder", "Reminder"
        GAME_OVER = "game_over", "Game over"
        DIGEST = "digest", "Daily digest"
        REMATCH = "rematch", "Rematch invitation"
        TABLE_FULL = "table_full", "Table full"
        TIMED_OUT = "timed_out", "Time ran out"  # a bot took the seat, or the player is out
        # An account's own mails; their version is the account's request number.
        PASSWORD_RESET = "password_reset", "Password reset"
        CONFIRM_ADDRESS = "confirm_address", "Address confirmation"
        # The answer to a reply that made (or tried) moves; its version is the InboundMail's id.
        MAIL_ANSWER = "mail_answer", "Answer to a mailed move"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)  # tries claimed so far
    # When the sweeper offers the mail (again): after a refused try, after a worker died
    # while sending it, or once the task it was handed to never ran. None once settled.
    next_try_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # A mail that could not be built or sent for a reason a retry will not cure (a bad
    # header, a template error), or refused on every try for a day: kept, counted by
    # /healthz/, never silently dropped.
    failed_at = models.DateTimeField(null=True, blank=True, db_index=True)
    error = models.TextField(blank=True)  # why it failed, or why the last try did

    class Meta:
        db_table = "games_notification"
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "kind", "version"], name="notification_once"),
            # NULLs are distinct in a unique index: digests (no game) need their own.
            models.UniqueConstraint(
                fields=["user", "kind", "version"],
                condition=models.Q(game__isnull=True),
                name="notification_digest_once",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} to {self.user} (game {self.game_id}, v{self.version})"


class OutboxMessage(models.Model):
    """A mail kept by the embedded default's email backend (mailroom.outbox.OutboxBackend)
    instead of being sent, for the recipient to read at /outbox/."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="outbox"
    )
    to = models.CharField(max_length=254)
    from_email = models.CharField(max_length=254)
    subject = models.CharField(max_length=300)
    text = models.TextField()
    html = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "games_outboxmessage"
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.subject} -> {self.to}"

    @property
    def reply_to(self) -> str:
        return self.headers.get("Reply-To", "")

    @property
    def message_id(self) -> str:
        return self.headers.get("Message-ID", "")


class MagicLink(models.Model):
    """One game link in one mail. Its sesame token's scope names this row, so the server
    decides whether it still works: it opens one session (`used_at`, claimed with a
    conditional update), and dies when its owner signs out or changes their password
    (`revoked_at`) or when its game ends. A session it opened sees only its game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="magic_links")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_magiclink"

    def __str__(self):
        return f"Link {self.pk} to game {self.game_id} for {self.user}"

    @property
    def scope(self) -> str:
        return f"game:{self.game_id}:link:{self.pk}"


class InboundMail(models.Model):
    """A reply to a turn mail that reached the seat it names (mailroom/inbound/): its commands,
    what came of them, and what the answer mail tells. Unique on `key` (the Message-ID,
    or a hash of the whole mail when it has none), so a mail delivered twice acts once."""

    class Outcome(models.TextChoices):
        PLAYED = "played", "Played"
        PARTLY_PLAYED = "partly", "Partly played"  # a command refused after some were played
        REFUSED = "refused", "Refused"  # the first command refused: nothing was played
        OVER = "over", "Game over"  # answered with the result

    key = models.CharField(max_length=64, unique=True)
    message_id = models.CharField(max_length=255, blank=True)
    received_at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbound_mails")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="inbound_mails")
    seat = models.PositiveSmallIntegerField()
    subject = models.CharField(max_length=300, blank=True)
    # The thread the answer goes under: this mail's References and its own Message-ID.
    references = models.TextField(blank=True)
    text = models.TextField(blank=True)  # the reply's new lines, where the commands are
    outcome = models.CharField(max_length=8, choices=Outcome.choices)
    # What the answer says: {"done": [sentences], "said": [lines], "refused": {"command",
    # "reason"}, "skipped": [commands], "unread": [lines], "stale": bool (it answered the
    # mail of an earlier position)}.
    report = models.JSONField(default=dict)

    class Meta:
        db_table = "games_inboundmail"
        ordering = ["-received_at", "-id"]

    def __str__(self):
        return f"Mail from {self.user} to game {self.game_id}: {self.get_outcome_display()}"
