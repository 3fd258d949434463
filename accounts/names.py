"""The rules for a player's name (the display name, or the username without one): no
characters that break a line or hide, nothing a bot is called, nobody else's name."""

import unicodedata

from django.core.exceptions import ValidationError

# Controls, format characters (zero-width, bidi overrides), surrogates, private use,
# unassigned, and line and paragraph separators. Of the space separators only " " is fine.
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def name_key(name: str) -> str:
    """What two names that look alike have in common: NFKC, casefolded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


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
