"""The pages' streams of news (Server-Sent Events), served under ASGI next to Django.

A stream says only which kind of news there is (`table`, `mine`, `lobby`) and, for a
table, its new version: the page then fetches its own partial as a poll does, so nothing
hidden ever travels on it, and one code path renders the table (static/js/live.js).

Streams bypass Django's request handler (docs/decisions/0017-server-push.md): it gives every
request a thread of its own for the sync middleware, held as long as the request lasts,
and with it a database connection, so 200 open streams used up PostgreSQL's connections.
Here the one decision a stream needs (who asks, and may they see this table?) is taken by
Django's own session, auth and visibility code in the shared thread pool, before the
stream starts; while open, a stream holds no thread and no database connection. The URL
patterns still name the streams (for `reverse`); a request that reaches Django for one
(a WSGI server) is told to poll.
"""

import asyncio
import json
import random
from http.cookies import SimpleCookie

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port, validate_host
from django.urls import Resolver404, resolve
from django.utils.module_loading import import_string
from ninja.errors import HttpError

from accounts.client import client_ip
from api.auth import checked_token
from api.limits import RateLimited
from api.models import READ
from live.hub import Unavailable, hub
from mailroom.scoped_sessions import GameScopedSessionMiddleware
from tables.models import Game

HEARTBEAT = 20.0  # seconds of silence before a comment line keeps proxies from closing it
# A stream ends after about this long and the browser opens a new one, which asks again
# who may see what (a seat given up, a sign-out) and spreads reconnections out.
LIFETIME = 30 * 60.0
# The browser's wait before reconnecting, drawn per stream so that a restart does not
# bring every page back in the same instant.
RETRY_MS = (1000, 5000)
# Streams one user, or one address signed out, may hold open in one process: more pages
# than that poll.
STREAMS_PER_USER = 30
STREAMS_PER_ADDRESS = 30
# The streams by URL name; "api:live" is a game's for an outside client (api/), which
# sends an API token instead of a session cookie.
API_STREAM = "api:live"
STREAM_NAMES = frozenset({"live", "invite_live", "lobby_live", "my_games_live", API_STREAM})

# Streams open in this process by holder: "user:<id>", or "address:<ip>" for those
# signed out (behind TRUSTED_PROXIES, the client's address as the login throttle reads it).
_open_by_holder: dict[str, int] = {}


def _holder(scope: dict, user_id: int | None) -> tuple[str, int]:
    """Whose share of streams this one counts in, and its size."""
    if user_id is not None:
        return f"user:{user_id}", STREAMS_PER_USER
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = (scope.get("client") or ("",))[0]
    forwarded = dict(scope["headers"]).get(b"x-forwarded-for")
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded.decode("latin-1")
    return f"address:{client_ip(request)}", STREAMS_PER_ADDRESS


def needs_asgi(request, **kwargs):
    """What Django answers for a stream's URL, which only the ASGI application serves: a
    404 the page takes for "poll instead" (a table it may not see is 404 first, as its
    page is; and no 5xx for what is only a server that does not stream)."""
    if ("game_id" in kwargs or "code" in kwargs) and _visible_table(request.user, kwargs) is None:
        return HttpResponse("No such table.", status=404, content_type="text/plain")
    return HttpResponse("No live news from this server: the page polls.", status=404, content_type="text/plain")


class Refused(Exception):
    def __init__(self, status: int, reason: str):
        self.status, self.reason = status, reason


def _request_as(scope: dict, cookies: SimpleCookie) -> HttpRequest:
    """A bare request carrying the session, enough for Django's auth and our scoping."""
    request = HttpRequest()
    request.path = request.path_info = scope["path"]
    session_key = cookies[settings.SESSION_COOKIE_NAME].value if settings.SESSION_COOKIE_NAME in cookies else None
    request.session = import_string(f"{settings.SESSION_ENGINE}.SessionStore")(session_key)
    return request


def authorize(scope: dict, name: str, kwargs: dict, cookies: SimpleCookie) -> tuple[list[str], int | None]:
    """(the topics this stream follows, the user's id) as the pages decide who sees what;
    `Refused` otherwise. Runs in the shared thread pool, and gives its database
    connection back before the stream starts."""
    try:
        return _authorize(scope, name, kwargs, cookies)
    finally:
        close_old_connections()  # no persistent connections: back to the pool


def _authorize(scope: dict, name: str, kwargs: dict, cookies: SimpleCookie) -> tuple[list[str], int | None]:
    if name == API_STREAM:
        return _authorize_token(scope, kwargs)
    request = _request_as(scope, cookies)
    user, _ = GameScopedSessionMiddleware.present(request, get_user(request))
    user_id = user.pk if user.is_authenticated else None
    if name in ("live", "invite_live"):
        table = _visible_table(user, kwargs)
        if table is None:
            raise Refused(404, "No such table.")
        return [f"game:{table}"], user_id
    if name == "lobby_live":
        return ["lobby"] + ([f"user:{user_id}"] if user_id is not None else []), user_id
    if user_id is None:
        raise Refused(403, "Sign in to follow your games.")
    return [f"user:{user_id}"], user_id


def _authorize_token(scope: dict, kwargs: dict) -> tuple[list[str], int | None]:
    """An API client's stream of a game: its bearer token (with `read` scope, within its
    rate limit) and never a cookie, then the table's visibility to the token's user, as
    the API's own views decide (api/auth.py)."""
    header = dict(scope["headers"]).get(b"authorization", b"").decode("latin-1")
    kind, _, secret = header.partition(" ")
    try:
        token = checked_token(secret.strip(), READ) if kind.lower() == "bearer" else None
    except HttpError as exc:
        raise Refused(exc.status_code, str(exc)) from None
    except RateLimited as exc:
        raise Refused(429, exc.message) from None
    if token is None:
        raise Refused(401, "Send a valid API token: Authorization: Bearer <token>.")
    if not str(kwargs.get("game_id", "")).isdigit():
        raise Refused(404, "No such table.")
    table = _visible_table(token.user, {"game_id": int(kwargs["game_id"])})
    if table is None:
        raise Refused(404, "No such table.")
    return [f"game:{table}"], token.user.pk


def _visible_table(user, kwargs: dict) -> int | None:
    """The id of the table a stream's URL names (`game_id` or an invite `code`), if `user`
    may see it: the rule of its page (tables/views.py, visible_game_or_404)."""
    code = kwargs.get("code")
    games = Game.objects.filter(invite_code=code) if code else Game.objects.visible_to(user)
    if "game_id" in kwargs:
        games = games.filter(pk=kwargs["game_id"])
    return games.values_list("pk", flat=True).first()


def with_live_streams(django_application):
    """The site's ASGI application: streams served here, every other request by Django."""

    async def application(scope, receive, send):
        # A stream is its page's URL + "live/": other requests skip the resolve.
        if scope["type"] == "http" and scope["path"].endswith("/live/") and settings.LIVE_PUSH:
            try:
                match = resolve(scope["path"])
            except Resolver404:
                match = None
            if match is not None and match.view_name in STREAM_NAMES:
                return await serve_stream(scope, receive, send, match.view_name, match.kwargs)
        return await django_application(scope, receive, send)

    return application


async def _answer(send, status: int, reason: str, as_json: bool = False) -> None:
    """A refusal: plain text for a page's stream, the API's `{"detail": ...}` for its own."""
    kind, body = (b"application/json", json.dumps({"detail": reason})) if as_json else (b"text/plain", reason)
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", kind)]})
    await send({"type": "http.response.body", "body": body.encode()})


async def serve_stream(scope, receive, send, name: str, kwargs: dict) -> None:
    while (message := await receive())["type"] == "http.request" and message.get("more_body"):
        pass  # a GET has no body to speak of: read past it, to hear the disconnect later
    if message["type"] == "http.disconnect":
        return
    headers = dict(scope["headers"])
    host, _ = split_domain_port(headers.get(b"host", b"").decode("latin-1"))
    if scope["method"] != "GET":
        return await _answer(send, 405, "A stream is read with GET.")
    if not validate_host(host, settings.ALLOWED_HOSTS):
        return await _answer(send, 400, "Bad Request")
    cookies = SimpleCookie()
    try:
        cookies.load(headers.get(b"cookie", b"").decode("latin-1"))
    except Exception:  # a mangled Cookie header: as if there were none
        cookies = SimpleCookie()
    try:
        topics, user_id = await sync_to_async(authorize, thread_sensitive=False)(scope, name, kwargs, cookies)
        holder, share = _holder(scope, user_id)
        if _open_by_holder.get(holder, 0) >= share:
            raise Refused(429, "Too many live pages open at once: this one polls.")
        the_hub = hub()
        try:
            await the_hub.ready()
        except Unavailable:
            raise Refused(503, "Live news is unavailable right now: the page polls.") from None
    except Refused as refused:
        return await _answer(send, refused.status, refused.reason, as_json=name == API_STREAM)
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-type", b"text/event-stream"),
                (b"cache-control", b"no-store"),
                (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
                (b"x-content-type-options", b"nosniff"),
            ],
        }
    )
    await _stream(the_hub, topics, holder, receive, send)


async def _stream(the_hub, topics: list[str], holder: str, receive, send) -> None:
    listener = the_hub.listen(topics)
    _open_by_holder[holder] = _open_by_holder.get(holder, 0) + 1
    gone = asyncio.ensure_future(receive())  # http.disconnect: the page went away
    loop = the_hub.loop
    ends_at = loop.time() + LIFETIME * random.uniform(0.9, 1.1)
    try:
        await _body(send, f"retry: {random.randint(*RETRY_MS)}\n\n")
        while loop.time() < ends_at:
            woken = asyncio.ensure_future(listener.wake.wait())
            done, _ = await asyncio.wait({woken, gone}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED)
            if gone in done:
                woken.cancel()
                return
            if woken not in done:
                woken.cancel()
                await _body(send, ":\n\n")
                continue
            if listener.closed:
                break
            await _body(send, "".join(f"event: {event}\ndata: {data}\n\n" for event, data in listener.take()))
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    except OSError:
        pass  # the connection broke while writing
    finally:
        gone.cancel()
        the_hub.forget(listener)
        _open_by_holder[holder] -= 1
        if not _open_by_holder[holder]:
            del _open_by_holder[holder]


async def _body(send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})
