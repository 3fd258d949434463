"""The reply address of a turn mail: MAIL_IN_ADDRESS with a token after a "+",
"play+12.1.45.9f3c…@play.example.org".

The token names the game, the seat and the user, signed with the site's secret (an HMAC,
96 bits, in lower-case hex: some mail systems lower-case addresses). It is not a session:
it lets a mail from that user's own address make moves at that seat of that game, and
nothing else. It carries no expiry: a game ends, a seat changes hands, and the checks of
`games.inbound.receive` see that.
"""

from dataclasses import dataclass

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "capitalla.inbound.reply-to"
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
