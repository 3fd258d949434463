"""A country's flag as a picture every browser draws: the SVG flags vendored in
static/vendor/flags/ (from flag-icons, MIT: static/vendor/README.md), one per country the
games use, named by its ISO 3166-1 alpha-2 code. A game's presenter puts `flag_image` on
its card dict and the template shows it with `{% static %}`: the emoji flag of
`engine.countries` is at most decoration (Windows draws none, and a system without an
emoji font draws boxes)."""

from engine.countries import alpha2_of_flag

FLAGS_FOLDER = "vendor/flags"


def flag_image(alpha2: str) -> str:
    """ "FR" -> "vendor/flags/fr.svg", the static path of its flag."""
    return f"{FLAGS_FOLDER}/{alpha2.lower()}.svg"


def flag_image_of_emoji(flag: str | None) -> str | None:
    """The static path of the flag an emoji flag spells, or None without one."""
    return flag_image(alpha2_of_flag(flag)) if flag else None
