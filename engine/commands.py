"""Moves as words: what a player types in a mail to make a move, shared by every game.

Each game's `engine/commands.py` holds one `Commands` object (pure, like the rules):
- `command(view, move, names) -> str`: the canonical words for a legal move ("discard Peru",
  "take discard", "lay 6S 6D 6C / 7S 7D 2H"), the form the turn mail offers;
- `parse(view, text, names) -> move`: one command back into a move dict, or CommandError with a
  reason a player understands; the rules judge the move's legality afterwards;
- `help(view, legal, names) -> [CommandHelp]`: what the seat may send now, one line per kind of
  move, each with an example taken from its legal moves.
`view` is `rules.view(state, seat)` of the seat that writes (its "seat" says which): a
command can only name what that seat sees. `names` are the seats' display names, by seat
index ("bypass Ben"); a seat may always be named by its number too ("bypass seat 2").
Groups and melds on the table are named by `letter(k)`, k their place in the view's own
order, so the position a mail shows and the commands agree.

The shared words below: `normalize` and `split_commands` read a mail's text, `seat_named`
and `seat_word` name seats, `standard_faces` and `pick_cards` name standard cards and
take them from a hand, `written_groups` and `table_group` read lay-downs and table letters,
`help_lines` builds `help` from a game's table of forms.
"""

import re
import unicodedata
from dataclasses import dataclass
from typing import Protocol

from engine.base import Move
from engine.cards import JOKER, face


class CommandError(ValueError):
    """A command that names no move: `reason` is shown to the player as is. `unknown_verb`:
    the line does not start like any command (a sign-off, "Cheers, Bob", perhaps)."""

    def __init__(self, reason: str, unknown_verb: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.unknown_verb = unknown_verb


@dataclass(frozen=True)
class CommandHelp:
    """One kind of command the seat may send now: its form ("discard <card>"), an example
    from the seat's legal moves ("discard Peru") and what it does."""

    form: str
    example: str
    meaning: str


class Commands(Protocol):
    def command(self, view: dict, move: Move, names: list[str]) -> str: ...
    def parse(self, view: dict, text: str, names: list[str]) -> Move: ...
    def help(self, view: dict, legal: list[Move], names: list[str]) -> list[CommandHelp]: ...


def letter(k: int) -> str:
    """The name of the k-th group on the table (from 0): A..Z, then AA, AB, ..."""
    name = ""
    k += 1
    while k:
        k, rest = divmod(k - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


# ---------------------------------------------------------------- the words of a mail

MAX_COMMANDS = 20  # in one mail
MAX_COMMAND_LENGTH = 500  # characters of one command

_SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_PLAIN = {"‘": "'", "’": "'", "‚": "'", "′": "'", "“": '"', "”": '"', "„": '"', "″": '"', "–": "-", "—": "-", "−": "-"}
_EMOJI_SELECTORS = "\ufe0e\ufe0f"
_TRAILING = ".!?;:, "
_SPACED_SUIT = re.compile(r"\b(10|[2-9JQKAjqka]) +([" + "".join(_SUIT_SYMBOLS) + "])")
_SEPARATORS = re.compile(r";|,|\band then\b|\bthen\b", re.IGNORECASE)  # within a line
# The verbs of table talk: what follows one, to the end of its line, is said as written.
SAY_VERBS = ("say", "chat")


def normalize(text: str) -> str:
    """A command as the parsers read it: casefolded, accents stripped, suit symbols as the
    letters s h d c (joined to their rank: "10 ♥" -> "10h"), curly quotes and dashes plain,
    one space between words, no trailing punctuation ("Discard  Bogotá!" -> "discard bogota")."""
    text = _SPACED_SUIT.sub(r"\1\2", "".join(ch for ch in text if ch not in _EMOJI_SELECTORS))
    text = "".join(_SUIT_SYMBOLS.get(ch, _PLAIN.get(ch, ch)) for ch in text)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))
    return " ".join(text.split()).rstrip(_TRAILING)


def split_commands(body: str) -> list[str]:
    """One mail's text as its commands, in order: a new line, ";", "," and "then" (or "and
    then") end a command; "and" and "/" do not, they join the parts of one. A command of
    table talk ("say sorry all, my connection was down") runs to the end of its line.
    CommandError beyond MAX_COMMANDS commands or a command over MAX_COMMAND_LENGTH characters."""
    parts = [" ".join(part.split()) for line in body.replace("\r", "\n").split("\n") for part in _line_parts(line)]
    commands = [part for part in parts if part.strip(_TRAILING)]
    if len(commands) > MAX_COMMANDS:
        raise CommandError(f"Send at most {MAX_COMMANDS} commands in one mail.")
    if any(len(command) > MAX_COMMAND_LENGTH for command in commands):
        raise CommandError(f"A command is at most {MAX_COMMAND_LENGTH} characters long.")
    return commands


def _line_parts(line: str) -> list[str]:
    parts = []
    while line:
        if normalize(line).partition(" ")[0] in SAY_VERBS:
            return [*parts, line]
        head, *rest = _SEPARATORS.split(line, maxsplit=1)
        parts.append(head)
        line = rest[0] if rest else ""
    return parts


def name_key(text: str) -> str:
    """A name as a command may write it: normalized, apostrophes and dots dropped, hyphens
    as spaces ("Côte d'Ivoire" -> "cote divoire", "Port-au-Prince" -> "port au prince")."""
    text = normalize(text).replace("'", "").replace(".", "").replace("-", " ")
    return " ".join(text.split())


def verb_of(text: str) -> tuple[str, str]:
    """(first word, the rest) of a normalized command."""
    verb, _, rest = text.partition(" ")
    return verb, rest.strip()


def unknown_verb(verb: str, verbs) -> CommandError:
    """The error for a command starting with a word the game does not know."""
    return CommandError(f'"{verb}" is not a command here: send one of {", ".join(verbs)}.', unknown_verb=True)


def letter_index(token: str) -> int | None:
    """The place k of a table group named `letter(k)` ("c" -> 2), or None if not a letter name."""
    if not token.isascii() or not token.isalpha() or len(token) > 2:
        return None
    k = 0
    for ch in token.upper():
        k = k * 26 + ord(ch) - ord("A") + 1
    return k - 1


def help_lines(commands: Commands, view: dict, legal: list[Move], names: list[str], forms: dict) -> list[CommandHelp]:
    """`help` for a game whose `forms` map a move type to its (form, meaning), in the order
    a player would try them: one line per type legal now, its example the first such move."""
    lines = []
    for kind, (form, meaning) in forms.items():
        move = next((move for move in legal if move["type"] == kind), None)
        if move is not None:
            lines.append(CommandHelp(form, commands.command(view, move, names), meaning))
    return lines


def pick_cards(faces: list[str], pool: list[str], shown, missing: str = "You hold no {}.") -> list[str]:
    """The card ids of `pool` with these faces, each id once, in the order named; the copy
    taken is the first free one. CommandError naming the card (`shown(face)`) otherwise."""
    free = list(pool)
    picked = []
    for wanted in faces:
        card = next((card for card in free if card.partition(":")[0] == wanted), None)
        if card is None:
            held = sum(card.partition(":")[0] == wanted for card in pool)
            if held:
                count = faces.count(wanted)
                raise CommandError(f"The {shown(wanted)} is named {count} times, but there {_are(held)} only {held}.")
            raise CommandError(missing.format(shown(wanted)))
        free.remove(card)
        picked.append(card)
    return picked


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


# ---------------------------------------------------------------- seats

_SEAT = re.compile(r"^(?:seat|player) ?#? ?(\d+)$")  # on a name_key: one space between words
_RESERVED = re.compile(r"\b(?:and|on|with|about|for|to|then|low|high)\b|[,;/:]")


def _without_parenthesis(name: str) -> str:
    """The name without a last "(…)" that holds no parenthesis ("Bot 2 (hard)" -> "Bot 2")."""
    name = name.rstrip()
    opening = name.rfind("(")
    if name.endswith(")") and opening >= 0 and ")" not in name[opening + 1 : -1]:
        return name[:opening]
    return name


def seat_named(text: str, names: list[str], seats=None) -> int:
    """The seat a command names (among `seats`, all by default): its whole display name
    (as `name_key` reads it), or "seat N", N counted from 1 as the pages do."""
    seats = list(range(len(names))) if seats is None else list(seats)
    key = name_key(text)
    number = _SEAT.match(key)
    if number:
        seat = int(number.group(1)) - 1
        if seat in seats:
            return seat
        raise CommandError(f"There is no seat {number.group(1)} to name here.")
    found = [seat for seat in seats if name_key(names[seat]) == key]
    if not found:  # "Bot 2" for "Bot 2 (hard)": a bot's level is no part of what it is called
        found = [seat for seat in seats if name_key(_without_parenthesis(names[seat])) == key]
    if len(found) == 1:
        return found[0]
    if found:
        raise CommandError(f'Several players are called "{text}": name them by seat, e.g. "seat {found[0] + 1}".')
    offered = ", ".join(seat_word(seat, names) for seat in seats)
    raise CommandError(f'No player here is called "{text}": name one of {offered}.')


def seat_word(seat: int, names: list[str]) -> str:
    """How a command names a seat: its display name, or "seat N" when the name would not
    read back as that seat alone (shared, empty, or holding a word the commands use)."""
    name = names[seat] if seat < len(names) else ""
    key = name_key(name)
    alone = key and sum(name_key(other) == key for other in names) == 1
    if alone and not _RESERVED.search(key) and not _SEAT.match(key):
        return name
    return f"seat {seat + 1}"


# ---------------------------------------------------------------- standard cards

_RANK_WORDS = {
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}
_SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
_CARD_PHRASE = re.compile(r"\b(10|[2-9]|[jqka]|" + "|".join(_RANK_WORDS) + r") of (" + "|".join(_SUIT_WORDS) + r")s?\b")
_CARD_TOKEN = re.compile(r"^(10|[2-9]|[jqka])([shdc])$")
_JOKERS = ("jk", "joker", "jokers")


def card_tokens(text: str) -> list[str]:
    """The words of a normalized command, each card written in words ("ten of hearts")
    made one token ("10h")."""

    def joined(match: re.Match) -> str:
        rank = _RANK_WORDS.get(match.group(1), match.group(1))
        return f"{rank}{_SUIT_WORDS[match.group(2)]}".lower()

    return _CARD_PHRASE.sub(joined, text).split()


def standard_face(token: str) -> str | None:
    """The face a token names ("10h", "qs", "jk", "joker" -> "10H", "QS", "JK"), or None."""
    if token in _JOKERS:
        return JOKER
    match = _CARD_TOKEN.match(token)
    return f"{match.group(1).upper()}{match.group(2).upper()}" if match else None


def faces_named(tokens: list[str], read, forms: str, example: str) -> list[str]:
    """The faces a list of cards names, each token read by `read` (None: no card);
    CommandError at a word that is no card (`forms` says how cards are written), or when
    the list names none (`example`)."""
    faces = []
    for token in tokens:
        found = read(token)
        if found is None:
            raise CommandError(f'"{token}" is not a card: write cards as {forms}.')
        faces.append(found)
    if not faces:
        raise CommandError(f"Name the cards, e.g. {example}.")
    return faces


def standard_faces(text: str) -> list[str]:
    """The faces a list of standard cards names ("10♥ q♠ ten of clubs")."""
    return faces_named(card_tokens(text), standard_face, '10♥, 10H or "ten of hearts"', "10♥ or 10H")


def held_standard(text: str, hand: list[str]) -> list[str]:
    """The ids of the hand's standard cards that `text` names, each once."""
    return pick_cards(standard_faces(text), hand, face)


def written_groups(text: str, kinds) -> list[tuple[str | None, str]]:
    """The groups of a lay-down, "/" between them, each perhaps led by its kind:
    "set 6h 6d 6c / 7s 8s 9s" -> [("set", "6h 6d 6c"), (None, "7s 8s 9s")]."""
    groups = []
    for part in text.split("/"):
        first, rest = verb_of(part.strip())
        groups.append((first, rest) if first in kinds else (None, part.strip()))
    return groups


def table_group(token: str, count: int, what: str) -> int:
    """The place of the group a command names by its letter ("c", "group c"), among
    `count` groups on the table."""
    word, rest = verb_of(token)
    if word in ("group", "meld", "build") and rest:
        token = rest
    k = letter_index(token)
    if not count:
        raise CommandError(f'"{token}" names no {what} on the table: there is none yet.')
    if k is None or k >= count:
        raise CommandError(f'"{token}" names no {what} on the table: they are lettered A to {letter(count - 1)}.')
    return k
