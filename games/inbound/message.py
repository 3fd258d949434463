"""Reading a raw mail into what the site needs: who wrote, to which address, in reply to
what, whether a person wrote it at all, and the new lines of the reply without the quote,
the attribution, the signature or the phone's advert. Pure: the standard library's email
package only, and it never raises on malformed mail (only on one that is too big)."""

import codecs
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message
from email.utils import collapse_rfc2231_value, getaddresses, parseaddr, parsedate_to_datetime

from games.inbound.html_text import html_to_text
from games.inbound.reply_text import new_text

MAX_MESSAGE_BYTES = 2 * 1024 * 1024
MAX_TEXT_CHARS = 5_000

RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To")
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


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

    def recipient_tokens(self, prefix: str) -> list[str]:
        """What follows "<prefix>+" in the local part of each recipient, lower-cased, in order:
        "play+abc123@play.example.org" gives "abc123" for the prefix "play"."""
        start = prefix.lower() + "+"
        tokens = []
        for address in self.recipients:
            local = address.rpartition("@")[0]
            token = local[len(start) :] if local.startswith(start) else ""
            if token and token not in tokens:
                tokens.append(token)
        return tokens


def read_message(raw: bytes) -> Incoming:
    """The parts of a raw RFC 5322 message the site acts on; see Incoming."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise MessageTooBig(f"{len(raw)} bytes, the limit is {MAX_MESSAGE_BYTES}")
    message = message_from_bytes(raw)
    from_name, from_address = _from(message)
    return Incoming(
        message_id=next(iter(_message_ids(_header(message, "Message-ID"))), ""),
        in_reply_to=next(iter(_message_ids(_header(message, "In-Reply-To"))), ""),
        references=_message_ids(_header(message, "References")),
        subject=_header(message, "Subject"),
        from_address=from_address,
        from_name=from_name,
        recipients=_recipients(message),
        date=_date(_header(message, "Date")),
        automatic=automatic_reason(message, from_address),
        text=new_text(_body(message))[:MAX_TEXT_CHARS],
    )


# Headers


def _header(message: Message, name: str) -> str:
    """The header decoded (RFC 2047 encoded words) on one line; "" if missing."""
    return _decoded(message.get(name))


def _decoded(value) -> str:
    if value is None:
        return ""
    try:
        text = str(make_header(decode_header(value)))
    except (HeaderParseError, LookupError, UnicodeError, ValueError):
        text = str(value)
    return " ".join(_without_controls(text).split())


def _without_controls(text: str) -> str:
    """The text without control characters but tab and line ends (PostgreSQL refuses NUL)."""
    return CONTROL_CHARACTERS.sub("", text)


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
    raw = " ".join(_raw_headers(message, "From"))
    name, addr_spec = parseaddr(raw)
    return _decoded(name), _address(addr_spec)


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


# Automatic mail: bounces, auto-replies, lists (RFC 3834 and what mailers really send)

NULL_SENDER_LOCAL_PARTS = {"mailer-daemon", "postmaster"}
BULK_PRECEDENCES = {"bulk", "junk", "list", "auto_reply"}
AUTOMATIC_SUBJECT = re.compile(
    r"^\s*auto\s*:"
    r"|\b(out of (the )?office|automatic reply|auto-?reply|autoreply|réponse automatique|automatische antwort"
    r"|abwesenheitsnotiz|respuesta automática|risposta automatica"
    r"|undeliverable|undelivered mail|delivery status notification|returned mail|mail delivery failed"
    r"|delivery failure|failure notice)\b",
    re.IGNORECASE,
)


def automatic_reason(message: Message, from_address: str) -> str | None:
    """Why the mail was sent by a machine rather than a person (for the logs), or None.
    Such mail gets no answer: answering an auto-reply starts a loop."""
    content_type = message.get_content_type()
    if content_type == "multipart/report":
        return "delivery or read report (multipart/report)"
    auto_submitted = _header(message, "Auto-Submitted").split(";")[0].strip().lower()
    if auto_submitted and auto_submitted != "no":
        return f"Auto-Submitted: {auto_submitted}"
    for name in ("X-Autoreply", "X-Autorespond", "X-MS-Exchange-Generated-Message-Source"):
        value = _header(message, name)
        if value and value.lower() not in {"no", "false", "0"}:
            return f"{name}: {value}"
    precedence = _header(message, "Precedence").lower()
    if precedence in BULK_PRECEDENCES:
        return f"Precedence: {precedence}"
    for name in ("List-Id", "List-Unsubscribe"):
        if message.get(name) is not None:
            return f"from a mailing list ({name})"
    if _header(message, "Return-Path").replace(" ", "") == "<>":
        return "null sender (Return-Path: <>)"
    if from_address.partition("@")[0] in NULL_SENDER_LOCAL_PARTS:
        return f"from {from_address}"
    subject = _header(message, "Subject")
    if AUTOMATIC_SUBJECT.search(subject):
        return f"subject: {subject}"
    return None


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
        text = _decoded_payload(part)
        if text.strip():
            return text
    for part in html:
        text = html_to_text(_decoded_payload(part))
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


def _decoded_payload(part: Message) -> str:
    """The part's text: transfer encoding undone, then its charset (UTF-8 when missing,
    unknown or plain ASCII, which UTF-8 extends), undecodable bytes replaced."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        codec = codecs.lookup(charset).name
    except (LookupError, ValueError):  # ValueError: a NUL in the name
        codec = "utf-8"
    if codec == "ascii":
        codec = "utf-8"
    try:
        text = payload.decode(codec, errors="replace")
    except LookupError:  # a codec that is no text encoding ("base64", "rot13")
        text = payload.decode("utf-8", errors="replace")
    text = _without_controls(text)
    if part.get_content_type() == "text/plain" and _parameter(part, "format") == "flowed":
        return unflowed(text, delete_space=_parameter(part, "delsp") == "yes")
    return text


def _parameter(part: Message, name: str) -> str:
    """A Content-Type parameter, lower-cased; "" if missing."""
    return collapse_rfc2231_value(part.get_param(name, "")).lower()


def unflowed(text: str, delete_space: bool = False) -> str:
    """format=flowed text (RFC 3676) with its soft line breaks joined: a line ending in a
    space goes on with the next line of the same quote depth; "-- " stays the signature."""
    lines: list[str] = []
    joining = False
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = _quote_depth(line)
        content = line[depth:].removeprefix(" ")  # space-stuffing
        if joining and lines and _quote_depth(lines[-1]) == depth:
            lines[-1] += content
        else:
            lines.append(line[:depth] + (" " if depth and content else "") + content)
        joining = content.endswith(" ") and content != "-- "
        if joining and delete_space:
            lines[-1] = lines[-1][:-1]
    return "\n".join(lines)


def _quote_depth(line: str) -> int:
    return len(line) - len(line.lstrip(">"))
