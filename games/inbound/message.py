"""Reading a raw mail into what the site needs: who wrote, to which address, in reply to
what, whether a person wrote it at all, and the new lines of the reply without the quote,
the attribution, the signature or the phone's advert. Pure: the standard library's email
package only, and it never raises on malformed mail (only on one that is too big)."""

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import Message
from email.utils import getaddresses, parseaddr, parsedate_to_datetime

from games.inbound.automatic import automatic_reason
from games.inbound.decoding import decoded_header, header_text, part_text
from games.inbound.html_text import html_to_text
from games.inbound.reply_text import new_text

MAX_MESSAGE_BYTES = 2 * 1024 * 1024
MAX_TEXT_CHARS = 5_000

RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To")


class MessageTooBig(ValueError):
    """The raw message is over MAX_MESSAGE_BYTES; it is not read."""


@dataclass(frozen=True)
class Incoming:
    message_id: str
    in_reply_to: str
    references: list[str]
    subject: str
    from_address: str
    from_name: str
    recipients: list[str]
    date: datetime | None
    automatic: str | None
    text: str


def read_message(raw: bytes) -> Incoming:
    """The parts of a raw RFC 5322 message the site acts on; see Incoming."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise MessageTooBig(f"{len(raw)} bytes, the limit is {MAX_MESSAGE_BYTES}")
    message = message_from_bytes(raw)
    from_name, from_address = _from(message)
    return Incoming(
        message_id=next(iter(_message_ids(header_text(message, "Message-ID"))), ""),
        in_reply_to=next(iter(_message_ids(header_text(message, "In-Reply-To"))), ""),
        references=_message_ids(header_text(message, "References")),
        subject=header_text(message, "Subject"),
        from_address=from_address,
        from_name=from_name,
        recipients=_recipients(message),
        date=_date(header_text(message, "Date")),
        automatic=automatic_reason(message),
        text=new_text(_body(message))[:MAX_TEXT_CHARS],
    )


# Headers


def _raw_headers(message: Message, name: str) -> list[str]:
    """Every instance of the header, undecoded (addresses are parsed before decoding, so
    that an encoded name holding a comma or a quote cannot break the address)."""
    return [str(value) for value in message.get_all(name, [])]


def _message_ids(value: str) -> list[str]:
    ids = re.findall(r"<([^<>\s]+)>", value)
    return ids or value.split()


def _address(addr_spec: str) -> str:
    """The lower-cased addr-spec, or "" if it is not one."""
    address = addr_spec.strip().lower()
    local, at, domain = address.rpartition("@")
    return address if at and local and domain and not re.search(r"[\s<>(),;]", address) else ""


def _from(message: Message) -> tuple[str, str]:
    """The sender's name and address; none when there is not exactly one From header."""
    values = _raw_headers(message, "From")
    if len(values) != 1:
        return "", ""
    name, addr_spec = parseaddr(values[0])
    return decoded_header(name), _address(addr_spec)


def _recipients(message: Message) -> list[str]:
    raw = [value for name in RECIPIENT_HEADERS for value in _raw_headers(message, name)]
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


# The body


def _body(message: Message) -> str:
    """The text of the first text/plain part, or else of the first text/html part; "" if
    neither. Attachments and enclosed messages (a bounce's copy, a forward) are not read."""
    plain, html = [], []
    for part in _leaf_parts(message):
        if part.get_filename() or part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind == "text/plain":
            plain.append(part)
        elif kind == "text/html":
            html.append(part)
    for part in plain:
        text = part_text(part)
        if text.strip():
            return text
    for part in html:
        text = html_to_text(part_text(part))
        if text.strip():
            return text
    return ""


def _leaf_parts(part: Message):
    if part.get_content_maintype() == "message":
        return
    if part.is_multipart():
        payload = part.get_payload()
        for subpart in payload if isinstance(payload, list) else []:
            if isinstance(subpart, Message):
                yield from _leaf_parts(subpart)
    else:
        yield part
