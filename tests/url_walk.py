"""Every URL of the site, its parameters filled in: for the tests that send junk or huge
requests to all of them, so that a page added later is covered without being listed."""

import re

from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
NAMED_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^)]*\)")


def routes(patterns=None, prefix=()):
    """Each URL pattern of the site, as the tuple of its parts (resolvers' and its own)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + (pattern.pattern,))
        else:
            yield prefix + (pattern.pattern,)


def _parameter(part):
    return PARAMETER if isinstance(part, RoutePattern) else NAMED_GROUP


def names_of(route) -> list[str]:
    """The names of a route's parameters."""
    return [m["name"] for part in route for m in _parameter(part).finditer(str(part))]


def path_of(route, values: dict) -> str:
    """The route's path, each parameter `name` given `values[name]`."""
    return "/" + "".join(
        _parameter(part).sub(lambda m: str(values[m["name"]]), str(part)).strip("^$") for part in route
    )


def site_paths(values: dict) -> list[str]:
    return [path_of(route, values) for route in routes()]


def sample_values(game, user) -> dict:
    """A valid value for every URL parameter of the site, around `game` and `user`."""
    return {
        "game_id": game.pk,
        "index": 1,
        "link_id": 1,
        "user_id": user.pk,
        "mail_id": 1,
        "absence_id": 1,
        "token": "x",
        "code": game.invite_code,
        "kind": game.kind,
        "uidb64": "MQ",
        "object_id": game.pk,
        "app_label": "games",
        "url": "nope/",
        "content_type_id": 1,
        "id": 1,
        "token_id": 1,
        "rest": "nope",  # the API's catch-all: any other path under /api/v1/
    }
