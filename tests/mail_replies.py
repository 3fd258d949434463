"""Replies as a player's mail client writes them, for the play-by-mail tests."""

from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

from mailroom.inbound import address


def seat_address(game, user) -> str:
    seat = game.seat_of(user)
    return address.reply_address(address.ReplyTo(game_id=game.pk, seat=seat.index, user_id=user.pk))


def reply(
    game,
    user,
    text: str,
    *,
    sender: str | None = None,
    message_id: str | None = None,
    answering: str = "",
    to: str | None = None,
    headers: dict | None = None,
    quote: str = "",
) -> bytes:
    """A reply from `user` (or `sender`) to their seat's address at `game`, with `text` on
    top and, if given, `quote` quoted below an attribution line, as clients write it."""
    mail = EmailMessage()
    mail["From"] = sender or f"{user.name} <{user.email}>"
    mail["To"] = to or seat_address(game, user)
    mail["Subject"] = f"Re: Your turn in {game.rules.info.name} #{game.pk}"
    mail["Message-ID"] = message_id or make_msgid(domain="example.com")
    if answering:
        mail["In-Reply-To"] = answering
        mail["References"] = answering
    for name, value in (headers or {}).items():
        mail[name] = value
    body = text
    if quote:
        body += "\n\nOn Tue, 24 Nov 2026 at 10:00, Capitalla <noreply@capitalla.localhost> wrote:\n"
        body += "\n".join(f"> {line}" for line in quote.splitlines())
    mail.set_content(body + "\n")
    return mail.as_bytes(policy=policy.SMTP)  # CRLF line ends, as SMTP carries them
