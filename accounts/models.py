from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone


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
    email_notifications = models.CharField(
        "Game mail", max_length=10, choices=Mail.choices, default=Mail.EVERY_TURN,
    )
    # When the sweeper sends this user's next daily digest; set only while they chose it.
    digest_due_at = models.DateTimeField(null=True, blank=True, editable=False, db_index=True)

    @property
    def name(self) -> str:
        return self.display_name or self.username

    @property
    def wants_turn_mail(self) -> bool:
        return bool(self.email) and self.email_notifications == self.Mail.EVERY_TURN

    def save(self, *args, **kwargs):
        # The digest's due time follows the mail choice, whichever form or page saved it.
        wants_digest = self.email_notifications == self.Mail.DIGEST
        if wants_digest != (self.digest_due_at is not None):
            self.digest_due_at = next_digest_at(timezone.now()) if wants_digest else None
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "digest_due_at"}
        super().save(*args, **kwargs)
