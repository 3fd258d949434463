"""The 195 country cards of Capitalla (193 UN members + Holy See + Palestine).

Data lives in ``countries.json`` next to this module; see docs/countries.md.
A card's letters are the initials of its capital(s); a card whose letters
include "C" may act as a joker.  Pure Python, no Django.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path

DATA_FILE = Path(__file__).with_name("countries.json")

# The only documented exception to the letter rule: Nauru has no official
# capital (Yaren is merely the seat of government), so the card gets "N".
LETTER_OVERRIDES: dict[str, frozenset[str]] = {"NRU": frozenset({"N"})}

JOKER_LETTER = "C"


@dataclass(frozen=True, slots=True)
class Card:
    id: str  # ISO 3166-1 alpha-3, e.g. "FRA"
    name: str  # "France"
    capitals: tuple[str, ...]
    letters: frozenset[str]  # initials; "C" among them = may act as a joker
    flag: str  # emoji built from the alpha-2 code
    fact: str

    @property
    def is_joker(self) -> bool:
        return JOKER_LETTER in self.letters

    @property
    def capital_label(self) -> str:
        return " / ".join(self.capitals)


def initial(capital: str) -> str:
    """First letter of the first word of ``capital``, accents dropped, uppercase.

    >>> initial("Brasília"), initial("St. George's"), initial("N'Djamena")
    ('B', 'S', 'N')
    """
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", capital) if not unicodedata.combining(ch))
    words = plain.split()
    letter = next((ch for ch in words[0] if ch.isalpha()), "") if words else ""
    letter = letter.upper()
    if not ("A" <= letter <= "Z"):
        raise ValueError(f"capital {capital!r} has no A-Z initial")
    return letter


def flag_emoji(alpha2: str) -> str:
    """ "FR" -> the French flag, from two regional-indicator symbols."""
    if len(alpha2) != 2 or not alpha2.isascii() or not alpha2.isupper():
        raise ValueError(f"bad alpha-2 code {alpha2!r}")
    return "".join(chr(0x1F1E6 + ord(ch) - ord("A")) for ch in alpha2)


def _load(path: Path = DATA_FILE) -> dict[str, Card]:
    data = json.loads(path.read_text(encoding="utf-8"))
    cards: dict[str, Card] = {}
    for row in sorted(data["cards"], key=lambda r: r["id"]):
        cid = row["id"]
        if cid in cards:
            raise ValueError(f"duplicate card id {cid}")
        capitals = tuple(row["capitals"])
        letters = frozenset(row["letters"])
        expected = LETTER_OVERRIDES.get(cid) or frozenset(initial(c) for c in capitals)
        if not capitals or letters != expected:
            raise ValueError(
                f"{cid}: letters {sorted(letters)} do not match capitals {capitals} (expected {sorted(expected)})"
            )
        cards[cid] = Card(
            id=cid,
            name=row["name"],
            capitals=capitals,
            letters=letters,
            flag=flag_emoji(row["alpha2"]),
            fact=row["fact"],
        )
    return cards


CARDS: dict[str, Card] = _load()
