"""The links of a table's page: its actions' URLs (reversed once per game), the players'
pages, the invite or watch link its host shares, and how the page keeps up with the table
(a live stream, else polling). The `Links` part of `presenters.present_table`."""

from functools import lru_cache

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.urls import get_script_prefix, reverse

from capitalla_site.links import absolute
from tables.plugins import get_plugin
from tables.table_view import Links

# The table's links: template name -> URL name, each taking the game's id. The game's own
# URLs (its plugin's, in the namespace of its slug) come as "<slug>_<name>".
GAME_URLS = {
    "page": "game",
    "move": "move",
    "resign": "resign",
    "join": "join",
    "leave": "leave",
    "start": "start",
    "cancel": "cancel",
    "extra_time": "extra_time",
    "back": "come_back",
    "history": "history",
    "rematch": "rematch",
    "replay": "replay",
    "chat": "chat",
    "new_invite": "new_invite_link",
    "arrange_hand": "arrange_hand",
}


@lru_cache(maxsize=4096)
def _game_urls(game_id: int, kind: str, script_prefix: str) -> dict:
    """A game's links never change: reversed once per game (and script prefix), since
    every move's answer holds them."""
    urls = {key: reverse(name, args=[game_id]) for key, name in GAME_URLS.items()}
    for pattern in get_plugin(kind).urls:
        urls[f"{kind}_{pattern.name}"] = reverse(f"{kind}:{pattern.name}", args=[game_id])
    return urls


def game_url(game, key: str) -> str:
    """One of the game's links (a key of GAME_URLS)."""
    return _game_urls(game.pk, game.kind, get_script_prefix())[key]


@lru_cache(maxsize=4096)
def _player_url(user_id: int, script_prefix: str) -> str:
    """Reversed once per player (and script prefix), like a game's links."""
    return reverse("player", args=[user_id])


def player_url(user_id: int) -> str:
    return _player_url(user_id, get_script_prefix())


def table_urls(game, via_invite: bool) -> dict:
    """Every link of the table; for the holder of an invite link, joining goes through it."""
    urls = dict(_game_urls(game.pk, game.kind, get_script_prefix()), invite=None)
    if via_invite:
        urls["invite"] = urls["join"] = reverse("invite", args=[game.invite_code])
    return urls


def links(game, urls: dict, is_host: bool, via_invite: bool, request) -> Links:
    """The table's links (`urls`), the link its host may share, and how the page keeps up."""
    status = game.status
    poll_url = _poll_url(game, urls["invite"] if via_invite else urls["page"])
    # The table's stream of news (live/), while it can still change; without one
    # (no Redis, or a WSGI server), the page polls poll_url.
    live_url = None
    if poll_url and streams_offered(request):
        live_url = reverse("invite_live", args=[game.invite_code]) if via_invite else reverse("live", args=[game.pk])
    invite_url = watch_url = None
    if is_host and (status == game.Status.OPEN or game.private):
        # Every table its host may share shows its link: a private table's invite link, a
        # public table's own page (anyone may join there). From SITE_URL, like every link
        # we hand out: the request's own scheme and host read http:// behind a TLS proxy.
        # Once dealt, a private table's link only lets its holders watch.
        link = absolute(reverse("invite", args=[game.invite_code]) if game.private else urls["page"])
        invite_url, watch_url = (link, None) if status == game.Status.OPEN else (None, link)
    return {
        "urls": urls,
        # The replay and the whole log answer a table's players and those who see it
        # without a link: to a link's holder, they are pages that do not exist.
        "has_replay": game.has_replay and not via_invite,
        "history_url": None if via_invite else urls["history"],
        "invite_url": invite_url,
        "watch_url": watch_url,
        "poll_url": poll_url,
        # Without a stream: every 2 s while the table is in play, 10 s once it is over.
        "poll_every": 10_000 if status == game.Status.FINISHED else 2_000,
        "live_url": live_url,
    }


def _poll_url(game, base: str) -> str | None:
    """A waiting table changes without a new version (players join), so it asks whether
    the number of seated players moved; a game in play, whether its version moved; a
    finished one, whether its rematch opened, filled up or started. Each, whether the
    table talk went on. None for a closed table: it changes no more."""
    said = game.chat_count
    if game.status == game.Status.OPEN:
        return f"{base}?waiting={len(game.seat_list)}&said={said}"
    if game.status == game.Status.ACTIVE:
        return f"{base}?since={game.version}&said={said}"
    if game.status == game.Status.FINISHED:
        return f"{base}?since={game.version}&said={said}&again={game.rematch_mark}"
    return None


def streams_offered(request) -> bool:
    """Whether pages served for this request open a stream: live news is on, and the page
    comes from the ASGI server that can serve one (under WSGI, they poll)."""
    return settings.LIVE_PUSH and isinstance(request, ASGIRequest)
