"""The 195 country cards of Capitalla (193 UN members + Holy See + Palestine).

The country data is shared (`engine.countries`, see docs/countries.md); what is
Capitalla's is a card's letters: the initials of its capital(s). A card whose letters
include "C" may act as a joker.  Pure Python, no Django.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from engine.countries import DATA_FILE, Country, country_fields, country_rows

# The only documented exception to the letter rule: Nauru has no official
# capital (Yaren is merely the seat of government), so the card gets "N".
LETTER_OVERRIDES: dict[str, frozenset[str]] = {"NRU": frozenset({"N"})}

JOKER_LETTER = "C"


@dataclass(frozen=True, slots=True)
class Card(Country):
    letters: frozenset[str]  # initials; "C" among them = may act as a joker

    @property
    def is_joker(self) -> bool:
        return JOKER_LETTER in self.letters


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


def _load(path: Path = DATA_FILE) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for row in country_rows(path):
        cid = row["id"]
        capitals = tuple(row["capitals"])
        letters = frozenset(row["letters"])
        expected = LETTER_OVERRIDES.get(cid) or frozenset(initial(c) for c in capitals)
        if letters != expected:
            raise ValueError(
                f"{cid}: letters {sorted(letters)} do not match capitals {capitals} (expected {sorted(expected)})"
            )
        cards[cid] = Card(**country_fields(row), letters=letters)
    return cards


CARDS: dict[str, Card] = _load()
