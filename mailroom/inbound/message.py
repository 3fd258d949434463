"""Reading a raw mail into what the site needs: its head (mailroom/inbound/head.py: who wrote,
to which address, in reply to what, whether a person wrote it at all), and the new lines
of the reply without the quote, the attribution, the signature or the phone's advert.

Every reader works on a prefix, so that no mail costs more than a few milliseconds
whatever its size (bench/bench_inbound.py): the MIME parser sees the head and the first
MAX_BODY_BYTES of the body, cut where MAX_PART_LINES boundary or Content-Type lines have
started parts (which bounds the nesting too); the quote stripper sees MAX_READ_CHARS of
text. Pure: the standard library's email package only. It raises MessageTooBig for a mail
over MAX_MESSAGE_BYTES, and Unreadable for one that none of that gets through; nothing
else.
"""

import logging
import re
from dataclasses import asdict, dataclass
from email import message_from_bytes
from email.message import Message

from mailroom.inbound.decoding import part_text
from mailroom.inbound.head import Head, Unreadable, read_head, split_head
from mailroom.inbound.html_text import html_to_text
from mailroom.inbound.reply_text import new_text

MAX_MESSAGE_BYTES = 2 * 1024 * 1024
MAX_BODY_BYTES = 64 * 1024
MAX_PART_LINES = 100  # a part starts with a boundary line, a Content-Type line, or both
MAX_READ_CHARS = 20_000
MAX_TEXT_CHARS = 5_000
# Where a part starts: its Content-Type, or a boundary line ("--" and the boundary; a
# part may have no Content-Type at all).
_PART_START = re.compile(rb"^(?:content-type:|--\S)", re.IGNORECASE | re.MULTILINE)

logger = logging.getLogger(__name__)


class MessageTooBig(ValueError):
    """The raw message is over MAX_MESSAGE_BYTES; it is not read."""


@dataclass(frozen=True)
class Incoming(Head):
    text: str


def read_message(raw: bytes) -> Incoming:
    """The head and the reply's text of a raw RFC 5322 message; see Head and read_text."""
    return Incoming(**asdict(read_head(checked_size(raw))), text=read_text(raw))


def checked_size(raw: bytes) -> bytes:
    if len(raw) > MAX_MESSAGE_BYTES:
        raise MessageTooBig(f"{len(raw)} bytes, the limit is {MAX_MESSAGE_BYTES}")
    return raw


def read_text(raw: bytes) -> str:
    """The new lines the person wrote, at most MAX_TEXT_CHARS of them."""
    head, body = split_head(checked_size(raw))
    body, cut = _first_parts(body[:MAX_BODY_BYTES])
    try:
        text = _body(message_from_bytes(head + body))
    except Exception as exc:  # noqa: BLE001 - the standard library's failures on bad mail are not listed
        logger.info("Inbound mail unreadable: %r", exc)
        raise Unreadable("The mail could not be read") from exc
    if cut and not text.strip():
        raise Unreadable(f"No text in the mail's first {MAX_PART_LINES // 2} parts or so")
    return new_text(text[:MAX_READ_CHARS])[:MAX_TEXT_CHARS]


def _first_parts(body: bytes) -> tuple[bytes, bool]:
    """The body cut before its MAX_PART_LINES-th boundary or Content-Type line, and whether
    it was: a mail nested deeper than that, or of more parts, is read as far as that."""
    for count, match in enumerate(_PART_START.finditer(body), start=1):
        if count == MAX_PART_LINES:
            return body[: match.start()], True
    return body, False


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
        text = html_to_text(part_text(part)[:MAX_BODY_BYTES])
        if text.strip():
            return text
    return ""


def _leaf_parts(message: Message):
    """The parts that hold content, in order, walked without recursion."""
    stack = [message]
    while stack:
        part = stack.pop()
        if part.get_content_maintype() == "message":
            continue
        if not part.is_multipart():
            yield part
            continue
        payload = part.get_payload()
        stack.extend(
            reversed([sub for sub in payload if isinstance(sub, Message)] if isinstance(payload, list) else [])
        )
