"""The new lines of a reply: what the person wrote, without what the mail client added
(the quoted mail, its attribution line, the separator before an Outlook quote, the
signature, "Sent from my iPhone")."""

import re

# "On Tue, 24 Nov 2026 at 10:00, Capitalla <play+…@…> wrote:" and its translations: a line
# that starts with one of these words and ends with the verb and a colon, or (German, Dutch)
# has the verb before the sender's name. Each pattern is linear (one repeat at most, and
# none nested), as is every other here: mail text is anyone's.
ATTRIBUTION_START = re.compile(r"(?:on|le|am|el|il|op)\b", re.IGNORECASE)
ATTRIBUTION_VERB_AT_END = re.compile(r"\b(?:wrote|a écrit|escribió|ha scritto)\s?:$", re.IGNORECASE)
ATTRIBUTION_VERB_BEFORE_NAME = re.compile(r"\b(?:schrieb|schreef)\b", re.IGNORECASE)
MAX_ATTRIBUTION_CHARS = 400
# Thunderbird's older "Capitalla wrote:", taken as an attribution only right above a quote.
SHORT_ATTRIBUTION = re.compile(r"^.{1,120}\bwrote:$", re.IGNORECASE)
# Where Outlook's quoted mail starts: nothing after it is the reply.
QUOTE_SEPARATOR = re.compile(
    r"^(-{2,20}\s{0,3}(original message|ursprüngliche nachricht|message d'origine|mensaje original"
    r"|messaggio originale)\s{0,3}-{2,20}|_{20,})$",
    re.IGNORECASE,
)
# The header block Outlook writes above the quoted mail: "From: …" then "Sent: …" close below.
QUOTED_FROM = re.compile(r"^\*?(from|de|von|van|da)\s?:\*?\s", re.IGNORECASE)
QUOTED_SENT = re.compile(r"^\*?(sent|date|envoyé|gesendet|datum|enviado|inviato|verzonden)\s?:\*?\s", re.IGNORECASE)
# The line a phone or an app adds under every mail.
DEVICE_LINE = re.compile(
    r"^(sent from my \S.*|sent from (mail|outlook|yahoo)\b.*|get outlook for \S.*"
    r"|envoyé de mon \S.*|von meinem \S.* gesendet|enviado desde mi \S.*|inviato da \S.*)$",
    re.IGNORECASE,
)
LINES_JOINED_FOR_ATTRIBUTION = 3
LINES_BETWEEN_FROM_AND_SENT = 4


def new_text(text: str) -> str:
    """The lines the person wrote, in order: quoted lines ("> …") are left out wherever they
    are, so a reply under the quote or between its lines is kept; everything from a
    signature ("-- ") or an Outlook quote on is cut. No blank lines at either end, and
    never two in a row."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    kept: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if _starts_the_tail(lines, index):
            break
        attribution_lines = _attribution_length(lines, index)
        if attribution_lines:
            index += attribution_lines
            continue
        if not (line.startswith(">") or DEVICE_LINE.match(line)):
            kept.append(line)
        index += 1
    return _tidy(kept)


def _starts_the_tail(lines: list[str], index: int) -> bool:
    """True where the signature or the quoted Outlook mail begins."""
    line = lines[index]
    if line.strip() == "--" or QUOTE_SEPARATOR.match(line.strip()):
        return True
    if QUOTED_FROM.match(line.strip()):
        below = lines[index + 1 : index + 1 + LINES_BETWEEN_FROM_AND_SENT]
        return any(QUOTED_SENT.match(other.strip()) for other in below)
    return False


def _attribution_length(lines: list[str], index: int) -> int:
    """How many lines the attribution starting here fills (mailers wrap a long one), or 0."""
    for count in range(1, LINES_JOINED_FOR_ATTRIBUTION + 1):
        part = lines[index : index + count]
        if len(part) < count or any(not line.strip() or line.lstrip().startswith(">") for line in part):
            return 0
        if sum(len(line) for line in part) > MAX_ATTRIBUTION_CHARS:
            return 0
        joined = " ".join(line.strip() for line in part)
        if _is_attribution(joined) or (SHORT_ATTRIBUTION.match(joined) and _quote_follows(lines, index + count)):
            return count
    return 0


def _is_attribution(line: str) -> bool:
    return bool(
        line.endswith(":")
        and ATTRIBUTION_START.match(line)
        and (ATTRIBUTION_VERB_AT_END.search(line) or ATTRIBUTION_VERB_BEFORE_NAME.search(line))
    )


def _quote_follows(lines: list[str], index: int) -> bool:
    following = next((line.strip() for line in lines[index:] if line.strip()), "")
    return following.startswith(">")


def _tidy(lines: list[str]) -> str:
    tidy: list[str] = []
    for line in lines:
        if line or (tidy and tidy[-1]):
            tidy.append(line)
    while tidy and not tidy[-1]:
        tidy.pop()
    return "\n".join(tidy)
