"""Every URL of the site, its parameters filled in: for the tests that send junk or huge
requests to all of them, so that a page added later is covered without being listed."""

import re

from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
NAMED_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^)]*\)")


def _patterns(patterns, prefix=()):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns, prefix + (pattern.pattern,))
        else:
            yield prefix + (pattern.pattern,)


def _fill(pattern, values: dict) -> str:
    if isinstance(pattern, RoutePattern):
        return PARAMETER.sub(lambda m: str(values[m["name"]]), str(pattern))
    return NAMED_GROUP.sub(lambda m: str(values[m["name"]]), str(pattern)).strip("^$")


def site_paths(values: dict) -> list[str]:
    """Every path the site routes, each parameter named `name` given `values[name]`."""
    return ["/" + "".join(_fill(part, values) for part in parts) for parts in _patterns(get_resolver().url_patterns)]


def parameter_names() -> set[str]:
    """The names of all URL parameters, so a test can check it fills every one."""
    names = set()
    for parts in _patterns(get_resolver().url_patterns):
        for part in parts:
            regex = PARAMETER if isinstance(part, RoutePattern) else NAMED_GROUP
            names |= {m["name"] for m in regex.finditer(str(part))}
    return names
