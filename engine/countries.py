"""The country data every country-card game shares: the 195 sovereign states (193 UN
members, the Holy See, Palestine) with their capitals, flag and one short fact.

The data lives in ``countries.json`` next to this module (sources: docs/countries.md).
What a game makes of a country (Capitalla's capital initials, Casino's questions) stays
in that game's engine. Pure Python, no Django.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).with_name("countries.json")
SOFT_HYPHEN = "\u00ad"
REGIONAL_A = 0x1F1E6  # REGIONAL INDICATOR SYMBOL LETTER A


@dataclass(frozen=True, slots=True)
class Country:
    id: str  # ISO 3166-1 alpha-3, e.g. "FRA"
    name: str  # "France"
    capitals: tuple[str, ...]  # the first is the one a single answer names
    alpha2: str  # ISO 3166-1 alpha-2, e.g. "FR": the name of its flag's picture
    flag: str  # emoji built from the alpha-2 code (decoration: not every system draws it)
    fact: str

    @property
    def capital_label(self) -> str:
        return " / ".join(self.capitals)


def flag_emoji(alpha2: str) -> str:
    """ "FR" -> the French flag, from two regional-indicator symbols."""
    if len(alpha2) != 2 or not alpha2.isascii() or not alpha2.isupper():
        raise ValueError(f"bad alpha-2 code {alpha2!r}")
    return "".join(chr(REGIONAL_A + ord(ch) - ord("A")) for ch in alpha2)


def alpha2_of_flag(flag: str) -> str:
    """The French flag -> "FR": the alpha-2 code a flag emoji spells in regional indicators."""
    letters = [ord(ch) - REGIONAL_A for ch in flag]
    if len(letters) != 2 or not all(0 <= letter < 26 for letter in letters):
        raise ValueError(f"not a flag emoji: {flag!r}")
    return "".join(chr(ord("A") + letter) for letter in letters)


@cache
def _data(path: Path) -> dict:
    """The data file, read once per process (the cards and the hyphenation come from it)."""
    return json.loads(path.read_text(encoding="utf-8"))


def country_rows(path: Path = DATA_FILE) -> list[dict]:
    """The data file's rows sorted by id, once no id appears twice and each names a capital."""
    rows = sorted(_data(path)["cards"], key=lambda row: row["id"])
    for before, row in zip(rows, rows[1:]):
        if before["id"] == row["id"]:
            raise ValueError(f"duplicate card id {row['id']}")
    for row in rows:
        if not row["capitals"]:
            raise ValueError(f"{row['id']}: no capital")
    return rows


def country_fields(row: dict) -> dict:
    """The shared fields of a row, as `Country` (or a game's subclass of it) takes them."""
    return {
        "id": row["id"],
        "name": row["name"],
        "capitals": tuple(row["capitals"]),
        "alpha2": row["alpha2"],
        "flag": flag_emoji(row["alpha2"]),
        "fact": row["fact"],
    }


def load(path: Path = DATA_FILE) -> dict[str, Country]:
    return {row["id"]: Country(**country_fields(row)) for row in country_rows(path)}


COUNTRIES: dict[str, Country] = load()

# Where the long words of the names may break ("Mad-a-gas-car"), written by hand: a
# narrow card breaks them there with a hyphen, not after any letter, on every browser
# (hyphenation by the browser needs a dictionary that not every browser has).
_HYPHENATED = {word: parts.replace("-", SOFT_HYPHEN) for word, parts in _data(DATA_FILE)["hyphenation"].items()}


@cache  # 195 names, asked for every card of every Casino page
def breakable(name: str) -> str:
    """`name` with soft hyphens in its long words: invisible, except as the hyphen of a word
    broken at a line's end."""
    return re.sub(r"\w+", lambda word: _HYPHENATED.get(word[0], word[0]), name)
