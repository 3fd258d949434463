"""Who sent a mail: the one mailbox of its `From`, read so that no parser could read
another.

A mail server checks SPF, DKIM and DMARC against the domain of the `From` address as *it*
reads it. If our reading differs (CVE-2023-27043: before Python 3.12.6 the standard
library read `alice@example.org <mallory@evil.example>` as Alice's address), a stranger
whose own domain passes those checks is taken for our player. So a `From` is accepted only
in the forms every strict parser reads alike, checked here by a grammar of our own that
does not depend on the Python release, and then read again by the standard library's two
parsers, which must agree with it:

    addr-spec                             alice@example.org
    display-name <addr-spec>              Alice Martin <alice@example.org>
                                          "Martin, Alice" <alice@example.org>
                                          =?utf-8?q?Alice?= <alice@example.org>

where the local part is a dot-atom (no quoted local part), the domain a dot-separated host
name (no address literal), and the display name words or one quoted string. Refused:
comments, groups, routes, a second address, anything before or after the mailbox, and any
line break that is not folding.
"""

import re
from email.headerregistry import HeaderRegistry
from email.utils import getaddresses

from mailroom.inbound.decoding import decoded_header

# RFC 5322 atext, with RFC 6532's UTF-8 (any character beyond ASCII). Each pattern has one
# repeat: dot-atoms, domains and phrases are split first, so nothing can backtrack.
_ATOM = re.compile(r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\U0010ffff]+")
_LABEL = re.compile(
    r"[A-Za-z0-9\u0080-\U0010ffff](?:[A-Za-z0-9\-\u0080-\U0010ffff]{0,61}[A-Za-z0-9\u0080-\U0010ffff])?"
)
_WORD = re.compile(r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.\u0080-\U0010ffff]+")  # an atom or obs-phrase's dots
_QUOTED_NAME = re.compile(r'"(?:[^"\\\r\n]|\\[^\r\n])*"')
_QUOTED_PAIR = re.compile(r"\\(.)")
_FOLDING = re.compile(r"\r?\n(?=[ \t])")
_HEADERS = HeaderRegistry()
# RFC 5322's longest line; a From of one mailbox is far shorter. The standard library's
# parsers take about 30 µs a word, so a 60 KB name cost 0.4 s before this limit.
MAX_FROM_CHARS = 998


def one_mailbox(value: str) -> tuple[str, str] | None:
    """(display name decoded, address lower-cased) of a From header's raw value, or None
    unless it is exactly one mailbox in a form every strict parser reads alike."""
    text = _FOLDING.sub("", value).strip(" \t")
    if len(text) > MAX_FROM_CHARS:
        return None
    mine = _read(text)
    if mine is None:
        return None
    name, address = mine
    if _standard_library_reads(text) != {address}:
        return None
    return decoded_header(name), address


def _read(text: str) -> tuple[str, str] | None:
    if "\r" in text or "\n" in text:
        return None
    if is_addr_spec(text):
        return "", text.lower()
    quoted = _QUOTED_NAME.match(text)
    if quoted:
        name, rest = _QUOTED_PAIR.sub(r"\1", quoted.group()[1:-1]), text[quoted.end() :].lstrip(" \t")
    else:
        name, bracket, rest = text.partition("<")
        name, rest = name.strip(" \t"), bracket + rest
        if name and not all(_WORD.fullmatch(word) for word in name.split()):
            return None
    if not (rest.startswith("<") and rest.endswith(">") and is_addr_spec(rest[1:-1])):
        return None
    return name, rest[1:-1].lower()


def is_addr_spec(text: str) -> bool:
    """A dot-atom, "@", and a host name of two labels or more."""
    local, at, domain = text.partition("@")
    return bool(
        at
        and all(_ATOM.fullmatch(atom) for atom in local.split("."))
        and domain.count(".") >= 1
        and all(_LABEL.fullmatch(label) for label in domain.split("."))
    )


def _standard_library_reads(value: str) -> set[str]:
    """The addresses the standard library's parsers find, lower-cased: email.utils (strict
    where this Python has it) and email.headerregistry (policy.default's)."""
    pairs = getaddresses([value])
    found = {addr.lower() for _name, addr in pairs}
    try:
        header = _HEADERS("from", value)
    except Exception:  # noqa: BLE001 - any failure of the second reading is a disagreement
        return {"", *found}
    found.update(address.addr_spec.lower() for address in header.addresses)
    if len(header.addresses) != 1 or len(pairs) != 1:
        found.add("")
    return found
