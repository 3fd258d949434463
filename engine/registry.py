"""Every registered game's rules and bots by slug: the one place the rest of the site,
the scripts and the benchmarks look them up.

The engine knows no game: the plugin registry (`tables.plugins`) fills these tables from
the settings' `GAME_APPS` when Django starts, so a plain script calls `django.setup()`
before it asks for a game.
"""

from .base import Bot, Rules

RULES: dict[str, Rules] = {}
BOTS: dict[str, dict[str, Bot]] = {}


def register(rules: Rules, bots: dict[str, Bot]) -> None:
    """Make a game's rules and its bots (by level) known under the game's slug."""
    RULES[rules.info.slug] = rules
    BOTS[rules.info.slug] = bots


def get_rules(slug: str) -> Rules:
    try:
        return RULES[slug]
    except KeyError:
        known = ", ".join(sorted(RULES)) or "none registered (call django.setup() first)"
        raise KeyError(f"No game {slug!r}; the games are: {known}") from None
