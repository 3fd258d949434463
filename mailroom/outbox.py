"""The embedded default's email backend: mail is kept in the database (OutboxMessage)
instead of being sent, and each user reads their own at /outbox/."""

from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone

from mailroom.models import OutboxMessage


def outbox_enabled() -> bool:
    """True when mail is kept here (no EMAIL_HOST) rather than sent through a mail server."""
    return settings.MAILERS.get("default", {}).get("BACKEND") == settings.OUTBOX_BACKEND


class OutboxBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        sent = 0
        for message in email_messages:
            html = next(
                (content for content, mimetype in getattr(message, "alternatives", []) if mimetype == "text/html"), ""
            )
            for to in message.recipients():
                OutboxMessage.objects.create(
                    user_id=_recipient(message, to),
                    to=to,
                    from_email=message.from_email or "",
                    subject=message.subject,
                    text=message.body,
                    html=html,
                    headers={str(k): str(v) for k, v in message.extra_headers.items()},
                )
            sent += 1
        return sent


def _recipient(message, address: str) -> int | None:
    """Our mails name their user; any other mail is filed under the one account with
    that address, or under nobody if the address is not unique."""
    user_id = getattr(message, "capitalla_user_id", None)
    if user_id is not None:
        return user_id
    ids = list(get_user_model().objects.filter(email__iexact=address).values_list("pk", flat=True)[:2])
    return ids[0] if len(ids) == 1 else None


def reply_as_mail(mail: OutboxMessage, user, text: str) -> bytes:
    """What a mail client sends when `user` answers `mail` with `text`: a reply from their
    address to its Reply-To, in its thread, quoting it below an attribution line (which
    the reply's reader must cut, as with a real client's reply)."""
    reply = EmailMessage()
    reply["From"] = Address(display_name=user.name, addr_spec=user.email)
    reply["To"] = mail.headers["Reply-To"]
    reply["Subject"] = mail.subject if mail.subject.lower().startswith("re:") else f"Re: {mail.subject}"
    reply["Date"] = format_datetime(timezone.now())
    reply["Message-ID"] = make_msgid(domain=user.email.rpartition("@")[2] or None)
    if mail.message_id:
        reply["In-Reply-To"] = mail.message_id
        reply["References"] = mail.message_id
    quoted = "\n".join(f"> {line}" if line else ">" for line in mail.text.splitlines())
    # At the hour the player's own mail client would show.
    when = timezone.localtime(mail.created_at, ZoneInfo(user.time_zone)).strftime("%a, %d %b %Y at %H:%M")
    reply.set_content(f"{text}\n\nOn {when}, {mail.from_email} wrote:\n{quoted}\n")
    return bytes(reply)
