from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    class Mail(models.TextChoices):
        EVERY_TURN = "turn", "Every turn: a mail when it is my turn, a reminder, the result"
        DIGEST = "digest", "One daily digest of the games waiting for me"
        OFF = "off", "Off: no mail"

    display_name = models.CharField(max_length=40, blank=True)
    email_notifications = models.CharField(
        "Game mail", max_length=10, choices=Mail.choices, default=Mail.EVERY_TURN,
    )

    @property
    def name(self) -> str:
        return self.display_name or self.username

    @property
    def wants_turn_mail(self) -> bool:
        return bool(self.email) and self.email_notifications == self.Mail.EVERY_TURN
