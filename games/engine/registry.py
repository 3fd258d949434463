"""Every game's rules by slug: the one place the rest of the site looks them up."""

from . import capit, capitalla
from .base import Rules

RULES: dict[str, Rules] = {"capitalla": capitalla.RULES, "capit": capit.RULES}


def get_rules(slug: str) -> Rules:
    try:
        return RULES[slug]
    except KeyError:
        known = ", ".join(sorted(RULES))
        raise KeyError(f"No game {slug!r}; the games are: {known}") from None
