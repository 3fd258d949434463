"""What the mail keeps of a player, for their account (accounts/signals.py asks, since
accounts do not import the mail): deleted when it closes (the mail kept for them, their
replies, the mails due, the game links), and their mail replies in their data download.
Connected in MailroomConfig.ready."""

from django.dispatch import receiver

from accounts.signals import account_closing, personal_data_asked
from mailroom.models import InboundMail, MagicLink, Notification, OutboxMessage


@receiver(account_closing)
def forget_the_mail(sender, user, **kwargs) -> None:
    for rows in (OutboxMessage, InboundMail, Notification, MagicLink):
        rows.objects.filter(user=user).delete()


@receiver(personal_data_asked)
def mail_replies(sender, user, **kwargs) -> dict:
    return {
        "mail_replies": list(
            InboundMail.objects.filter(user=user)
            .order_by("id")
            .values("game_id", "received_at", "subject", "text", "outcome", "report")
        )
    }
