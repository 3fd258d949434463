"""Text out of MIME: header values and parts' payloads decoded to str, whatever their
charset or transfer encoding, without control characters, and never raising."""

import codecs
import re
from email.errors import HeaderParseError, MessageError
from email.header import decode_header, make_header
from email.message import Message
from email.utils import collapse_rfc2231_value

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Python's own codecs that are no charset of mail; punycode and idna also cost quadratic
# time on long input. A part labelled with one reads as UTF-8.
NOT_MAIL_CHARSETS = {"idna", "punycode", "raw_unicode_escape", "unicode_escape", "undefined", "mbcs", "oem"}


def header_text(message: Message, name: str) -> str:
    """The header decoded (RFC 2047 encoded words) on one line; "" if missing."""
    return decoded_header(message.get(name))


def decoded_header(value) -> str:
    """A header value (str or email.header.Header) decoded on one line; "" for None."""
    if value is None:
        return ""
    try:
        text = str(make_header(decode_header(value)))
    except (
        HeaderParseError,
        MessageError,
        LookupError,
        UnicodeError,
        ValueError,
    ):  # MessageError: a charset name not in ASCII
        text = str(value)
    return " ".join(without_controls(text).split())


def without_controls(text: str) -> str:
    """The text without control characters but tab and line ends (PostgreSQL refuses NUL)."""
    return CONTROL_CHARACTERS.sub("", text)


def part_text(part: Message) -> str:
    """The part's text: transfer encoding undone, then its charset (UTF-8 when missing,
    unknown or plain ASCII, which UTF-8 extends), undecodable bytes replaced, format=flowed
    lines joined."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        codec = codecs.lookup(charset).name.replace("-", "_")
    except (LookupError, ValueError):  # ValueError: a NUL in the name
        codec = "utf_8"
    if codec == "ascii" or codec in NOT_MAIL_CHARSETS:
        codec = "utf_8"
    try:
        text = payload.decode(codec, errors="replace")
    except LookupError:  # a codec that is no text encoding ("base64", "rot13")
        text = payload.decode("utf-8", errors="replace")
    text = without_controls(text)
    if part.get_content_type() == "text/plain" and _parameter(part, "format") == "flowed":
        return unflowed(text, delete_space=_parameter(part, "delsp") == "yes")
    return text


def _parameter(part: Message, name: str) -> str:
    """A Content-Type parameter, lower-cased; "" if missing."""
    return collapse_rfc2231_value(part.get_param(name, "")).lower()


def unflowed(text: str, delete_space: bool = False) -> str:
    """format=flowed text (RFC 3676) with its soft line breaks joined: a line ending in a
    space goes on with the next line of the same quote depth; "-- " stays the signature."""
    lines: list[list[str]] = []  # each line's pieces, joined once at the end (linear)
    depths: list[int] = []
    joining = False
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = _quote_depth(line)
        content = line[depth:].removeprefix(" ")  # space-stuffing
        if joining and lines and depths[-1] == depth:
            lines[-1].append(content)
        else:
            lines.append([line[:depth] + (" " if depth and content else "") + content])
            depths.append(depth)
        joining = content.endswith(" ") and content != "-- "
        if joining and delete_space:
            lines[-1][-1] = lines[-1][-1][:-1]
    return "\n".join("".join(pieces) for pieces in lines)


def _quote_depth(line: str) -> int:
    return len(line) - len(line.lstrip(">"))
