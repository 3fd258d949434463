"""What two names that look alike have in common (`name_key`): the key a player's name is
compared by, kept on the User row (accounts.models) and checked by accounts.names. Pure:
no Django."""

import re
import unicodedata

# The zero-width non-joiner and joiner: part of some scripts' spelling.
JOINERS = "\u200c\u200d"

# Letters of other scripts that look like a Latin letter, and the dotless i. Capitals are
# read before case folding, as Greek "Ν" folds to "ν", which looks like "v", not "n". Not
# Unicode's whole confusables table: the letters an impostor would reach for first.
CAPITAL_LOOK_ALIKES = str.maketrans(
    {
        **dict(zip("АВЕКМНОРСТХІЈЅҺԚԜҮӀ", "ABEKMHOPCTXIJSHQWYI", strict=True)),
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
    }
)
LOOK_ALIKES = str.maketrans(
    {
        **dict(zip("авекмнорстухіјѕԁӏԛԝһү", "abekmhopctyxijsdlqwhy", strict=True)),
        **dict(zip("αβεηικμνορτυχζ", "abehikmvoptuxz", strict=True)),
        "ı": "i",
    }
)


# A Latin letter by its name: its base letter, whatever stroke or size it has
# ("LATIN SMALL LETTER O WITH STROKE" ø, "LATIN LETTER SMALL CAPITAL B" ʙ).
LATIN_LETTER = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL )?([A-Z])(?: WITH .*)?")
# Inside a word, the shapes of another letter: a capital I beside small letters ("AIice"),
# and a 1 or a 0 beside letters ("A1ice", "B0b").
SAME_SHAPES = (
    (re.compile(r"(?<=[A-Za-z])I(?=[a-z])|(?<=[a-z])I"), "l"),
    (re.compile(r"(?<=[A-Za-z])1|1(?=[A-Za-z])"), "l"),
    (re.compile(r"(?<=[A-Za-z])0|0(?=[A-Za-z])"), "o"),
)


def name_key(name: str) -> str:
    """What two names that look alike have in common: compatibility forms folded (NFKC:
    "Ｂｏｂ" is "Bob"), accents and other marks dropped ("Zoë", "ALİCE"), and the
    selectors that change no letter's look, Latin letters read as their base letter ("ø",
    "ʙ"), a capital I, 1 or 0 inside a word as the letter it looks like, case folded,
    look-alike letters of other scripts read as Latin ("Аlice" with a Cyrillic "А"),
    spaces collapsed."""
    shaped = letters(name)
    for shape, letter in SAME_SHAPES:
        shaped = shape.sub(letter, shaped)
    return " ".join(shaped.casefold().translate(LOOK_ALIKES).split())


def letters(name: str) -> str:
    """The name's letters as `name_key` reads them, before case and shapes."""
    bare = "".join(_latin_base(c) for c in unicodedata.normalize("NFKD", name) if not _unseen_in_key(c))
    return unicodedata.normalize("NFKC", bare).translate(CAPITAL_LOOK_ALIKES)


def _latin_base(char: str) -> str:
    found = LATIN_LETTER.fullmatch(unicodedata.name(char, "")) if char.isalpha() and not char.isascii() else None
    return found.group(1) if found else char


def _unseen_in_key(char: str) -> bool:
    """A mark (accents, the grapheme joiner) or a variation selector (emoji or text style):
    names differing only by these look alike."""
    return (
        unicodedata.category(char) in ("Mn", "Me")
        or char in JOINERS
        or "\ufe00" <= char <= "\ufe0f"
        or char >= "\U000e0100"
    )
