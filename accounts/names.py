"""The rules for a player's name (the display name, or the username without one): no
characters that break a line or hide, nothing a bot is called, nobody else's name."""

import unicodedata

from django.core.exceptions import ValidationError

# Controls, format characters (zero-width, bidi overrides), surrogates, private use,
# unassigned, and line and paragraph separators. Of the space separators only " " is fine.
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


# Letters of other scripts that look like a Latin letter (after case folding: Cyrillic
# "В" is "в", like "B"), and the dotless i. Not Unicode's whole confusables table: the
# letters an impostor would reach for first.
LOOK_ALIKES = str.maketrans(
    {
        **dict(zip("авекмнорстухіјѕԁӏԛԝ", "abekmhopctyxijsdlqw", strict=True)),
        **dict(zip("αβεηικμορτυχζ", "abehikmoptuxz", strict=True)),
        "ı": "i",
    }
)


def name_key(name: str) -> str:
    """What two names that look alike have in common: compatibility forms folded (NFKC:
    "Ｂｏｂ" is "Bob"), accents and other marks dropped ("Zoë", "ALİCE"), case folded,
    look-alike letters of other scripts read as Latin ("Аlice" with a Cyrillic "А"),
    spaces collapsed."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    folded = unicodedata.normalize("NFKC", bare).casefold().translate(LOOK_ALIKES)
    return " ".join(folded.split())


def check_name(name: str, user=None) -> None:
    """Raise ValidationError if `name` may not be the name of `user` (None: a new account)."""
    from .models import User  # names are checked against the users: the model imports name_key

    if any(_refused(char) for char in name):
        raise ValidationError("A name cannot hold line breaks, tabs or invisible characters.", code="characters")
    key = name_key(name)
    if key.startswith("bot") and not key[3:4].isalpha():
        raise ValidationError("Names starting with “Bot” are kept for the site's bots.", code="bot")
    others = User.objects.filter(name_key=key)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise ValidationError("Another player goes by that name already.", code="taken")


def _refused(char: str) -> bool:
    category = unicodedata.category(char)
    return category in REFUSED_CATEGORIES or (category == "Zs" and char != " ")
