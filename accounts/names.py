"""The rules for a player's name (the display name, or the username without one): no
characters that break a line or hide, nothing a bot is called, nobody else's name."""

import re
import unicodedata

from django.core.exceptions import ValidationError

from . import locks

# Controls, format characters (zero-width, bidi overrides), surrogates, private use,
# unassigned, and line and paragraph separators. Of the space separators only " " is fine.
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Letters and marks that show as nothing or a blank (Unicode's default-ignorable ones
# outside the categories above: the Hangul fillers, the Khmer inherent vowels, the
# Mongolian selectors, the grapheme joiner), and the blank Braille pattern.
BLANK = set("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0\u2800")
# The zero-width non-joiner and joiner: part of some scripts' spelling.
JOINERS = "\u200c\u200d"
# What a closed account is called (accounts.closing), its name's letters, and how its
# username starts: no one may take any of them.
CLOSED_NAME = "Former player {number}"
CLOSED_KEY = "formerplayer"
CLOSED_USERNAME_PREFIX = "closed-"

# The mark of the site's bots before their names ("🤖 Bot 2 (normal)").
BOT_MARK = "\N{ROBOT FACE}"
# Marks on one letter: Vietnamese stacks two ("ệ"); more only pile up over the line.
MOST_MARKS = 3

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
    shaped = _letters(name)
    for shape, letter in SAME_SHAPES:
        shaped = shape.sub(letter, shaped)
    return " ".join(shaped.casefold().translate(LOOK_ALIKES).split())


def _letters(name: str) -> str:
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


def hold_names() -> None:
    """Within a transaction: one sign-up or change of name at a time, until it ends, so
    that two at once cannot both pass `check_name` (or the username's check) with the
    same name."""
    locks.hold("account names")


def check_name(name: str, user=None) -> None:
    """Raise ValidationError if `name` may not be the name of `user` (None: a new account)."""
    from .models import User  # names are checked against the users: the model imports name_key

    if any(_refused(char) and not _joins_a_word(name, i) for i, char in enumerate(name)):
        raise ValidationError("A name cannot hold line breaks, tabs or invisible characters.", code="characters")
    if _piled_marks(name):
        raise ValidationError(f"At most {MOST_MARKS} accents or other marks on one letter.", code="marks")
    if any(_mixes_latin(word) for word in name.split()):
        raise ValidationError("A word of a name cannot mix Latin letters with another alphabet's.", code="scripts")
    if BOT_MARK in name or _looks_like_a_bot(name):
        raise ValidationError("Names starting with “Bot”, and the 🤖, are kept for the site's bots.", code="bot")
    if "".join(c for c in name_key(name) if c.isalnum()).startswith(CLOSED_KEY):
        raise ValidationError("Names starting with “Former player” are kept for closed accounts.", code="closed")
    others = User.objects.filter(name_key=name_key(name))
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise ValidationError("Another player goes by that name already.", code="taken")


def _looks_like_a_bot(name: str) -> bool:
    """Whether a name reads "bot" and then no letter, past any symbols and spaces ("~Bot
    2", "B o t 1"), with a zero read as an "o" ("B0t 2")."""
    folded = _letters(name).casefold().translate(LOOK_ALIKES)
    letters = "".join(c for c in folded if c.isalnum()).replace("0", "o")
    return letters.startswith("bot") and not letters[3:4].isalpha()


def _mixes_latin(word: str) -> bool:
    """Whether a word holds Latin letters and letters of another alphabet: the way to
    make a name look like another's with a letter few fonts tell apart ("ꓮlice" with a
    Lisu A, "Ᏼot" with a Cherokee letter, "հank" with an Armenian one)."""
    # Modifier letters (Lm: the Hawaiian ʻokina in "Hawaiʻi", Japanese ー) belong to no one alphabet.
    scripts = {unicodedata.name(c, "?").split()[0] for c in word if c.isalpha() and unicodedata.category(c) != "Lm"}
    return "LATIN" in scripts and len(scripts) > 1


def _piled_marks(name: str) -> bool:
    run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char) in ("Mn", "Mc", "Me") else 0
        if run > MOST_MARKS:
            return True
    return False


def _joins_a_word(name: str, i: int) -> bool:
    """Whether name[i] is a zero-width (non-)joiner inside a word of a script that spells
    with it (Persian "علی‌رضا", Sinhala "ශ්‍රී"): between letters or marks, none Latin.
    Elsewhere (in a Latin word, between emoji) it only hides."""
    if name[i] not in JOINERS or not 0 < i < len(name) - 1:
        return False
    return all(
        unicodedata.category(c)[0] in "LM" and not unicodedata.name(c, "").startswith("LATIN")
        for c in (name[i - 1], name[i + 1])
    )


def _refused(char: str) -> bool:
    category = unicodedata.category(char)
    return category in REFUSED_CATEGORIES or (category == "Zs" and char != " ") or char in BLANK
