"""The head of a raw mail, read alone. A mail is checked (is it for a seat of ours, from
that seat's player, new) from its headers before a byte of its body is decoded, so a mail
from a stranger costs one parse of at most MAX_HEAD_BYTES and is refused."""

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses, parsedate_to_datetime

from mailroom.inbound.automatic import automatic_reason
from mailroom.inbound.decoding import header_text
from mailroom.inbound.sender import one_mailbox

MAX_HEAD_BYTES = 64 * 1024
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To")
MAX_RECIPIENT_CHARS = 2_000  # of each recipient header: a reply is to one address, or a few
# RFC 5322 §3.6 allows each of these once. A second one is how a signed mail is changed
# without breaking its DKIM signature (which covers only the last instance of a header),
# so that it reads as another sender, or as a new mail for "seen before".
ONCE_HEADERS = (
    "Date", "From", "Sender", "Reply-To", "To", "Cc", "Bcc", "Message-ID", "In-Reply-To", "References", "Subject",
)  # fmt: skip
_BLANK_LINE = re.compile(rb"\r?\n\r?\n")
_MESSAGE_ID = re.compile(r"<([^<>\s]+)>")


class Unreadable(ValueError):
    """A mail the site cannot read (a head too long, a body no parser gets through): it is
    answered as unreadable, never "try again", and nothing is played."""


@dataclass(frozen=True)
class Head:
    """What the headers say. `from_address` is "" unless `From` is exactly one mailbox
    (mailroom/inbound/sender.py); `repeated` names a header that came more than once."""

    message_id: str
    in_reply_to: str
    references: list[str]
    subject: str
    from_address: str
    from_name: str
    recipients: list[str]
    date: datetime | None
    automatic: str | None
    repeated: str | None


def split_head(raw: bytes) -> tuple[bytes, bytes]:
    """The raw head (up to and with the empty line) and the raw body. Raises Unreadable if
    no empty line ends the head within MAX_HEAD_BYTES."""
    if raw.startswith((b"\r\n", b"\n")):  # no headers at all
        end = 2 if raw.startswith(b"\r\n") else 1
        return raw[:end], raw[end:]
    blank = _BLANK_LINE.search(raw, 0, MAX_HEAD_BYTES + 4)
    if blank is None:
        if len(raw) <= MAX_HEAD_BYTES:
            return raw, b""  # a head with no body
        raise Unreadable(f"No end of the headers in the first {MAX_HEAD_BYTES} bytes")
    return raw[: blank.end()], raw[blank.end() :]


def read_head(raw: bytes) -> Head:
    """The head of a raw mail; its body is not looked at. Raises Unreadable only."""
    head, _body = split_head(raw)
    try:
        message = BytesHeaderParser().parsebytes(head)
        return _head(message)
    except Exception as exc:  # noqa: BLE001 - the standard library's failures on bad mail are not listed
        raise Unreadable("The headers could not be read") from exc


def _head(message: Message) -> Head:
    repeated = next((name for name in ONCE_HEADERS if len(message.get_all(name, [])) > 1), None)
    from_name, from_address = _sender(message)
    return Head(
        message_id=next(iter(message_ids(header_text(message, "Message-ID"))), ""),
        in_reply_to=next(iter(message_ids(header_text(message, "In-Reply-To"))), ""),
        references=message_ids(header_text(message, "References")),
        subject=header_text(message, "Subject"),
        from_address=from_address,
        from_name=from_name,
        recipients=_recipients(message),
        date=_date(header_text(message, "Date")),
        automatic=automatic_reason(message),
        repeated=repeated,
    )


def message_ids(value: str) -> list[str]:
    ids = _MESSAGE_ID.findall(value)
    return ids or value.split()


def _raw_headers(message: Message, name: str) -> list[str]:
    """Every instance of the header, undecoded (addresses are parsed before decoding, so
    that an encoded name holding a comma or a quote cannot break the address), its 8-bit
    bytes read as UTF-8."""
    return [_as_utf8(str(value)) for value in message.get_all(name, [])]


def _as_utf8(value: str) -> str:
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _sender(message: Message) -> tuple[str, str]:
    """The sender's name and address; none unless there is exactly one From, of one mailbox."""
    values = _raw_headers(message, "From")
    mailbox = one_mailbox(values[0]) if len(values) == 1 else None
    return mailbox or ("", "")


def _address(addr_spec: str) -> str:
    """The lower-cased addr-spec, or "" if it is not one."""
    address = addr_spec.strip().lower()
    local, at, domain = address.rpartition("@")
    return address if at and local and domain and not re.search(r"[\s<>(),;]", address) else ""


def _recipients(message: Message) -> list[str]:
    """Every address the mail is for, once each. Read leniently: a recipient only counts if
    it holds a token we signed (mailroom/inbound/address.py)."""
    raw = [value[:MAX_RECIPIENT_CHARS] for name in RECIPIENT_HEADERS for value in _raw_headers(message, name)]
    recipients = []
    for _name, addr_spec in getaddresses(raw):
        address = _address(addr_spec)
        if address and address not in recipients:
            recipients.append(address)
    return recipients


def _date(value: str) -> datetime | None:
    try:
        date = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    # "-0000" (no time zone known) parses naive; it is UTC all the same.
    return date if date.tzinfo else date.replace(tzinfo=UTC)
