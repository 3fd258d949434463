from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone

from .names import name_key


def next_digest_at(now: datetime) -> datetime:
    """The first DIGEST_HOUR_UTC o'clock (UTC) after `now`: when a daily digest falls due."""
    at = now.astimezone(UTC).replace(hour=settings.DIGEST_HOUR_UTC, minute=0, second=0, microsecond=0)
    return at if at > now else at + timedelta(days=1)


class User(AbstractUser):
    class Mail(models.TextChoices):
        EVERY_TURN = "turn", "Every turn: a mail when it is my turn, a reminder, the result"
        DIGEST = "digest", "One daily digest of the games waiting for me"
        OFF = "off", "Off: no mail"

    display_name = models.CharField(max_length=40, blank=True)
    # The address its owner confirmed by following a mailed link; mail goes to `email`
    # only while the two are the same.
    confirmed_email = models.EmailField(blank=True, editable=False)
    # `name` as compared with other players' names (accounts.names): kept up to date on save.
    name_key = models.TextField(blank=True, editable=False, db_index=True)
    email_notifications = models.CharField(
        "Game mail",
        max_length=10,
        choices=Mail.choices,
        default=Mail.EVERY_TURN,
    )
    # When the sweeper sends this user's next daily digest; set only while they chose it.
    digest_due_at = models.DateTimeField(null=True, blank=True, editable=False, db_index=True)

    @property
    def name(self) -> str:
        return self.display_name or self.username

    @property
    def email_confirmed(self) -> bool:
        return bool(self.email) and self.email == self.confirmed_email

    @property
    def wants_turn_mail(self) -> bool:
        return self.email_confirmed and self.email_notifications == self.Mail.EVERY_TURN

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        if kwargs.get("update_fields") is not None and {"display_name", "username"} & {*kwargs["update_fields"]}:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        # The digest's due time follows the mail choice, whichever form or page saved it.
        wants_digest = self.email_notifications == self.Mail.DIGEST
        if wants_digest != (self.digest_due_at is not None):
            self.digest_due_at = next_digest_at(timezone.now()) if wants_digest else None
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "digest_due_at"}
        super().save(*args, **kwargs)


class ThrottleHit(models.Model):
    """One action counted by accounts.throttle: a sign-up from a client, a mail to an address."""

    scope = models.CharField(max_length=30)
    key = models.CharField(max_length=64)  # a sha256 digest of the client or the address
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"])]

    def __str__(self):
        return f"{self.scope} at {self.at}"
