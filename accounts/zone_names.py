"""Time zones as players name them: an IANA name in any case ("Europe/Paris",
"europe/paris") or a city, as lichess and calendar apps take it ("Paris", "new york",
"São Paulo" or "Sao Paulo"): the last part of a zone's name, spaces for underscores, case
and accents folded."""

import difflib
import unicodedata
from collections import defaultdict
from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django import forms

# The areas whose zones are named after a city. The others (US/Eastern, Etc/GMT+3,
# Jamaica) are old aliases or offsets: taken by their whole name only.
CITY_AREAS = frozenset(
    {"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"}
)
CLOSE_MATCHES = 3
# When two zones keep one clock: noon on the 1st and the 15th of each month, 2000 to 2039.
CLOCK_SAMPLES = tuple(
    datetime(year, month, day, 12, tzinfo=UTC)
    for year in range(2000, 2040)
    for month in range(1, 13)
    for day in (1, 15)
)


@cache
def time_zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def folded(text: str) -> str:
    """`text` without case, accents, underscores, hyphens or runs of spaces: "São_Paulo" is "sao paulo"."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.replace("_", " ").replace("-", " ").casefold().split())


@cache
def zones_by_whole_name() -> dict[str, str]:
    return {folded(name): name for name in time_zone_names()}


@cache
def zones_by_city() -> dict[str, list[str]]:
    """The folded city -> the zones named after it (several: tzdata's old names for one
    zone, America/Buenos_Aires beside America/Argentina/Buenos_Aires)."""
    cities = defaultdict(list)
    for name in sorted(time_zone_names()):
        if "/" in name and name.split("/", 1)[0] in CITY_AREAS:
            cities[folded(name.rsplit("/", 1)[1])].append(name)
    return dict(cities)


@cache
def clock(zone: str) -> tuple:
    """The zone's offsets from UTC at CLOCK_SAMPLES."""
    tz = ZoneInfo(zone)
    return tuple(moment.astimezone(tz).utcoffset() for moment in CLOCK_SAMPLES)


def one_place(zones: list[str]) -> str | None:
    """The zone for a city named in each of `zones`, if they keep one clock (tzdata's
    aliases): the name of most parts, tzdata's current one (America/Argentina/Buenos_Aires).
    None when their clocks differ: two places of one name."""
    if len(zones) > 1 and len({clock(zone) for zone in zones}) > 1:
        return None
    return max(zones, key=lambda zone: (zone.count("/"), zone))


def zone_named(text: str) -> str:
    """The IANA zone that `text` names, or a ValidationError that lists close matches."""
    text = text.strip()
    if text in time_zone_names():
        return text
    key = folded(text)
    if key in zones_by_whole_name():
        return zones_by_whole_name()[key]
    zones = zones_by_city().get(key)
    if zones:
        zone = one_place(zones)
        if zone is None:
            raise forms.ValidationError(f"“{text}” is a city in more than one time zone: {either(zones)}. Choose one.")
        return zone
    matches = close_matches(key)
    close = f" Did you mean {either(matches)}?" if matches else ""
    raise forms.ValidationError(
        f"No time zone or city is called “{text}”.{close} "
        "Choose a time zone from the list, or type a city such as Paris."
    )


def close_matches(key: str) -> list[str]:
    """Up to CLOSE_MATCHES zones whose city or whole name is spelled like `key`."""
    spellings = {city: one_place(zones) or zones[0] for city, zones in zones_by_city().items()}
    spellings |= zones_by_whole_name()
    found = difflib.get_close_matches(key, spellings, n=CLOSE_MATCHES)
    return list(dict.fromkeys(spellings[spelling] for spelling in found))


def either(names: list[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    return " or ".join(filter(None, [", ".join(names[:-1]), names[-1]]))
