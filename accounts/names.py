"""The rules for a player's name (the display name, or the username without one): no
characters that break a line or hide, nothing a bot is called, nobody else's name."""

import unicodedata

from django.core.exceptions import ValidationError

from . import locks
from .models import User
from .name_keys import JOINERS, LOOK_ALIKES, letters, name_key

# Controls, format characters (zero-width, bidi overrides), surrogates, private use,
# unassigned, and line and paragraph separators. Of the space separators only " " is fine.
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Letters and marks that show as nothing or a blank (Unicode's default-ignorable ones
# outside the categories above: the Hangul fillers, the Khmer inherent vowels, the
# Mongolian selectors, the grapheme joiner), and the blank Braille pattern.
BLANK = set("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0\u2800")
# What a closed account is called (accounts.closing), its name's letters, and how its
# username starts: no one may take any of them.
CLOSED_NAME = "Former player {number}"
CLOSED_KEY = "formerplayer"
CLOSED_USERNAME_PREFIX = "closed-"

# The mark of the site's bots before their names ("🤖 Bot 2 (normal)").
BOT_MARK = "\N{ROBOT FACE}"
# Marks on one letter: Vietnamese stacks two ("ệ"); more only pile up over the line.
MOST_MARKS = 3


def hold_names() -> None:
    """Within a transaction: one sign-up or change of name at a time, until it ends, so
    that two at once cannot both pass `check_name` (or the username's check) with the
    same name."""
    locks.hold("account names")


def check_name(name: str, user=None) -> None:
    """Raise ValidationError if `name` may not be the name of `user` (None: a new account)."""
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
    folded = letters(name).casefold().translate(LOOK_ALIKES)
    alnum = "".join(c for c in folded if c.isalnum()).replace("0", "o")
    return alnum.startswith("bot") and not alnum[3:4].isalpha()


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
