"""The reply address of a turn mail: MAIL_IN_ADDRESS with a token after a "+",
"play+12.1.45.9f3c…@play.example.org".

The token names the game, the seat and the user, signed with the site's secret (an HMAC,
96 bits, in lower-case hex: some mail systems lower-case addresses). It is not a session:
it lets a mail from that user's own address make moves at that seat of that game, and
nothing else. It carries no expiry: a game ends, a seat changes hands, and the checks of
`mailroom.inbound.receive` see that.
"""

import re
import secrets
from dataclasses import dataclass
from urllib.parse import urlparse

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "capitalla.inbound.reply-to"
_OUR_MESSAGE_ID = re.compile(r"capitalla\.(\d+)\.(\d+)\.")
MAC_LENGTH = 24  # hex digits: 96 bits


@dataclass(frozen=True)
class ReplyTo:
    game_id: int
    seat: int
    user_id: int


def _mac(value: str) -> str:
    return salted_hmac(SALT, value, algorithm="sha256").hexdigest()[:MAC_LENGTH]


def token(reply_to: ReplyTo) -> str:
    value = f"{reply_to.game_id}.{reply_to.seat}.{reply_to.user_id}"
    return f"{value}.{_mac(value)}"


def read_token(text: str) -> ReplyTo | None:
    """The seat a token names, or None if it is not one the site signed."""
    value, _, mac = text.strip().lower().rpartition(".")
    parts = value.split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) < 12 for p in parts):
        return None
    if not constant_time_compare(mac, _mac(value)):
        return None
    game_id, seat, user_id = (int(p) for p in parts)
    return ReplyTo(game_id=game_id, seat=seat, user_id=user_id)


def enabled() -> bool:
    return bool(settings.MAIL_IN_ADDRESS)


def mailbox() -> tuple[str, str]:
    """(local part, domain) of MAIL_IN_ADDRESS."""
    local, _, domain = settings.MAIL_IN_ADDRESS.rpartition("@")
    return local, domain.lower()


def reply_address(reply_to: ReplyTo) -> str:
    local, domain = mailbox()
    return f"{local}+{token(reply_to)}@{domain}"


def seat_of_address(address: str) -> ReplyTo | None:
    """The seat a recipient address of ours names, or None (another address, a token
    that is not ours)."""
    local, domain = mailbox()
    box, _, at = address.strip().lower().rpartition("@")
    name, plus, text = box.partition("+")
    if not (plus and at == domain and name == local.lower()):
        return None
    return read_token(text)


def message_id(game_id: int, version: int) -> str:
    """The Message-ID of a mail showing the game at `version`, so that a reply to it can be
    placed (`version_answered`): `<capitalla.<game>.<version>.<random>@<domain>>`."""
    domain = (mailbox()[1] if enabled() else "") or urlparse(settings.SITE_URL).hostname or "localhost"
    return f"<capitalla.{game_id}.{version}.{secrets.token_hex(8)}@{domain}>"


def version_answered(message_ids: list[str], game_id: int) -> int | None:
    """The version shown by the mail of ours a reply answers (its In-Reply-To, then its
    References, newest first), or None if it names none of this game's."""
    for ref in message_ids:
        match = _OUR_MESSAGE_ID.search(ref or "")
        if match and int(match.group(1)) == game_id:
            return int(match.group(2))
    return None
