"""The open API at /api/v1/ (django-ninja). Views parse, call tables/actions/ exactly as
the browser's views do, and answer JSON; every refusal is `{"detail": "..."}` with its
status (a ServiceError's own). docs/api.md walks through a game with curl."""

import logging
import time
from functools import wraps

from django.db import connection
from django.http import Http404, JsonResponse
from django.urls import Resolver404, resolve
from ninja import NinjaAPI, Query, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError

from api import limits
from api.auth import BearerToken
from api.models import STAKES
from api.present import chat_json, game_json, games_json, log_json
from api.schemas import (
    ChatIn,
    ChatOut,
    Error,
    GameOut,
    KindsOut,
    LegalMovesOut,
    LogOut,
    MeOut,
    MoveIn,
    MyGamesOut,
    StaleOut,
    TableIn,
    TablesOut,
)
from capitalla_site.db_timeouts import database_busy
from tables.actions import bot_play, errors, lifecycle, player_moves, table_talk
from tables.actions.table_checks import BOT_LEVELS
from tables.models import Game
from tables.plugins import PLUGINS
from tables.views_lobby import in_lobby_order, my_games_by_urgency, my_open_tables, rematch_tables_for

logger = logging.getLogger(__name__)

api = NinjaAPI(
    title="Capitalla API",
    version="1",
    description="Play Capitalla, Cap-It, Casino and Rummathon Royale from your own client or bot. "
    "Send a personal token (made on your profile) as `Authorization: Bearer <token>`: "
    "`read` scope for GETs, `play` for the rest, and `stakes` as well at a table with an ante.",
    auth=BearerToken(),
    urls_namespace="api",
    docs_url="/docs",
)

# Legal moves per page: a Capitalla or Rummathon lay-down can be one of hundreds.
LEGAL_MOVES_PAGE, LEGAL_MOVES_MAX_PAGE = 100, 500
TABLES_PAGE, TABLES_MAX_PAGE = 50, 200
MAX_OFFSET = 10**9  # past any list we hold; a bigger one would overflow the database's bigint
# A long-poll waits at most this long, checking the version this often.
LONG_POLL_MAX_WAIT = 25
LONG_POLL_EVERY = 0.5

ERRORS = {400: Error, 401: Error, 403: Error, 404: Error, 409: Error, 413: Error, 429: Error, 500: Error, 503: Error}


# ---------------------------------------------------------------- errors


def _detail(request, message: str, status: int, **extra):
    return api.create_response(request, {"detail": message, **extra}, status=status)


@api.exception_handler(errors.StaleVersion)
def stale(request, exc: errors.StaleVersion):
    game = Game.objects.select_related("host").get(pk=exc.game.pk)
    return _detail(request, exc.message, 409, game=game_json(game, request.auth))


@api.exception_handler(errors.ServiceError)
def refused(request, exc: errors.ServiceError):
    return _detail(request, exc.message, exc.status)


@api.exception_handler(limits.RateLimited)
def rate_limited(request, exc: limits.RateLimited):
    response = _detail(request, exc.message, 429)
    response["Retry-After"] = str(exc.retry_after)
    return response


@api.exception_handler(AuthenticationError)
def unauthenticated(request, exc):
    response = _detail(request, "Send a valid API token: Authorization: Bearer <token>.", 401)
    response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(ValidationError)
def invalid(request, exc: ValidationError):
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "payload", "query", "path"))
    message = first.get("msg", "Invalid request")
    return _detail(request, f"{where}: {message}." if where else f"{message}.", 400)


@api.exception_handler(Http404)
def not_found(request, exc):
    return _detail(request, "No such table.", 404)


@api.exception_handler(Exception)
def failed(request, exc: Exception):
    """Our fault (a bug, the database away): JSON like every other answer, for a client
    that reads `detail`, never Django's HTML page. Logged with its traceback here: Django
    logs the 500 answer itself, but without it. A request that waited the database pool's
    timeout broke nothing: 503 and Retry-After, as the pages answer (views_errors)."""
    if why := database_busy(exc):
        logger.warning("The API was too busy for %s %s: %s", request.method, request.path, why)
        response = _detail(request, "The server is busy: try again in a few seconds.", 503)
        response["Retry-After"] = "5"
        return response
    logger.error("The API failed on %s %s", request.method, request.path, exc_info=exc)
    return _detail(request, "The server failed to answer: try again in a moment.", 500)


# ---------------------------------------------------------------- reading


def _visible(request, game_id: int) -> Game:
    """The table if the token's user may see it; else 404, as for no table at all."""
    game = Game.objects.visible_to(request.auth).select_related("host").filter(pk=game_id).first()
    if game is None:
        raise Http404
    return game


def _check_stakes(request, ante: int) -> None:
    """A table with an ante plays for chips: a token opens, joins, deals, moves or resigns
    at one only with the `stakes` scope. Leaving before the deal and chatting need no more
    than `play`: they risk nothing."""
    if ante and not request.api_token.allows(STAKES):
        raise HttpError(403, f"This table plays for chips: that needs a token with the {STAKES!r} scope.")


def _staked_visible(request, game_id: int) -> Game:
    game = _visible(request, game_id)
    _check_stakes(request, game.ante)
    return game


def _page(offset: int, limit: int, max_page: int) -> tuple[int, int]:
    """The page asked for, brought within bounds: a list answers what it has there."""
    return min(max(0, offset), MAX_OFFSET), min(max(1, limit), max_page)


@api.get("/me", response={200: MeOut, **ERRORS}, summary="Who this token acts as")
def me(request):
    return {"id": request.auth.pk, "name": request.auth.name, "scopes": request.api_token.scopes}


@api.get("/kinds", response={200: KindsOut, **ERRORS}, summary="The games this site plays")
def kinds(request):
    """Each game a table may play (its `kind`), in the create form's order: its players,
    its options and their defaults, its short form and its levels of bot, so that a client
    opens a table of any game without knowing it beforehand."""
    return {
        "kinds": [
            {
                "kind": slug,
                "name": plugin.name,
                "min_players": plugin.rules.info.min_players,
                "max_players": plugin.rules.info.max_players,
                "default_players": plugin.rules.info.default_players,
                "default_options": dict(plugin.rules.info.default_options),
                "quick_options": dict(plugin.quick_options),
                "bot_levels": [level for level in BOT_LEVELS if level in plugin.bots],
            }
            for slug, plugin in PLUGINS.items()
        ]
    }


@api.get("/games", response={200: MyGamesOut, **ERRORS}, summary="My games, the most urgent first")
def my_games(request):
    """As on /my-games/: games where it is my turn (nearest deadline first), then games in
    play waiting for others, then the latest finished ones; and as in the lobby, the
    tables not dealt yet where I sit and the rematches waiting for me. Lists carry no
    `view`."""
    lists = my_games_by_urgency(request.auth)
    lists["open"] = my_open_tables(request.auth)
    lists["rematches"] = rematch_tables_for(request.auth)
    return {name: games_json(games, request.auth) for name, games in lists.items()}


@api.get("/games/{game_id}", response={200: GameOut, **ERRORS}, summary="A game, as my seat sees it")
def game(request, game_id: int):
    return game_json(_visible(request, game_id), request.auth)


@api.get("/games/{game_id}/legal-moves", response={200: LegalMovesOut, **ERRORS}, summary="My legal moves")
def legal_moves(
    request,
    game_id: int,
    offset: Query[int] = 0,
    limit: Query[int] = LEGAL_MOVES_PAGE,
):
    """Every legal move of my seat now, in pages (`offset`, `limit` up to 500), as the
    rules list them: none unless I may move (my turn; in Casino also a question to answer
    at any time). For lay-downs whose combinations explode, the game lists what its solver
    finds; any other arrangement may still be sent as a move, and is judged then."""
    game = _visible(request, game_id)
    offset, limit = _page(offset, limit, LEGAL_MOVES_MAX_PAGE)
    me = game.seat_of(request.auth)
    moves = []
    if me is not None and game.status == Game.Status.ACTIVE and not me.away:
        moves = game.rules.legal_moves(game.state, me.index)
    return {
        "version": game.version,
        "total": len(moves),
        "offset": offset,
        "limit": limit,
        "moves": moves[offset : offset + limit],
    }


@api.get("/games/{game_id}/log", response={200: LogOut, **ERRORS}, summary="The game's moves, and its seed at the end")
def log(request, game_id: int, after: Query[int] = -1):
    """The game's events after `after` (a `seq`; all from the start by default), oldest
    first, at most 1000 an answer (`more` says if others follow): every move, as the
    table's history shows it, while the game is played too. The seed comes once the game
    is finished (None before: it would tell every hidden card)."""
    return log_json(_visible(request, game_id), after=min(max(-1, after), MAX_OFFSET))


@api.get("/games/{game_id}/chat", response={200: ChatOut, **ERRORS}, summary="The table talk")
def chat_lines(request, game_id: int):
    """The latest lines of table talk, newest first, as the table's page shows them
    (`chat_count` on the game says when there are new ones)."""
    return chat_json(_visible(request, game_id), request.auth)


@api.get("/games/{game_id}/events", response={200: GameOut, **ERRORS}, summary="Wait for the game to move on")
def events(request, game_id: int, after: Query[int] = -1, wait: Query[float] = LONG_POLL_MAX_WAIT):
    """A long-poll: answers the game as soon as its version is above `after`, or after
    `wait` seconds (at most 25) with the game as it is. A token holds at most a few
    long-polls at once (429 beyond). Under ASGI, /games/{id}/live/ streams the news."""
    _visible(request, game_id)
    wait = min(max(0.0, wait), LONG_POLL_MAX_WAIT)
    ends_at = time.monotonic() + wait
    with limits.long_poll_slot(request.api_token.user_id):
        while time.monotonic() < ends_at:
            row = Game.objects.filter(pk=game_id).values_list("version", "status").first()
            if row is None or row[0] > after or row[1] not in (Game.Status.OPEN, Game.Status.ACTIVE):
                break
            if not connection.in_atomic_block:
                connection.close()  # back to the pool while we sleep
            time.sleep(LONG_POLL_EVERY)
    return game_json(_visible(request, game_id), request.auth)


@api.get(
    "/games/{game_id}/live/",
    response={404: Error, **ERRORS},
    summary="The game's stream of news (SSE)",
    url_name="live",
    openapi_extra={
        "responses": {
            200: {
                "description": "A stream of server-sent events: `event: table`, `data: <version>`.",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            }
        }
    },
)
def live(request, game_id: int):
    """Server-sent events (`event: table`, `data: <version>`) while the game changes:
    served by the ASGI server, with a `read` token. A server without it (WSGI) answers
    404: long-poll `/events` instead."""
    _visible(request, game_id)
    return Status(404, {"detail": "No live news from this server: long-poll /events instead."})


# ---------------------------------------------------------------- the lobby


@api.get("/tables", response={200: TablesOut, **ERRORS}, summary="Open tables in the lobby")
def tables(request, offset: Query[int] = 0, limit: Query[int] = TABLES_PAGE):
    """Public tables waiting for players, in the lobby's order: those with a free seat
    from people I have played with first, then the others with a free seat, then full ones."""
    offset, limit = _page(offset, limit, TABLES_MAX_PAGE)
    listed = in_lobby_order(Game.objects.filter(status=Game.Status.OPEN, private=False), request.auth)
    return {
        "count": listed.count(),
        "offset": offset,
        "limit": limit,
        "tables": games_json(listed[offset : offset + limit], request.auth),
    }


@api.post("/tables", response={201: GameOut, **ERRORS}, summary="Open a table")
def create_table(request, table: TableIn):
    """The lobby's create form: I take seat 0 unless bots fill every seat."""
    _check_stakes(request, table.ante)
    game = lifecycle.create_table(request.auth, **table.dict())
    return Status(201, game_json(_visible(request, game.pk), request.auth))


def _lifecycle(request, game_id: int, action, *, risks_chips: bool = True) -> dict:
    """A table's lifecycle service, for a table the user may see; the table after it
    (read again, whatever the service returned: a seat, or a table without its new seats;
    and still shown to a guest who just left a private one)."""
    (_staked_visible if risks_chips else _visible)(request, game_id)
    action(request.auth, game_id)
    return game_json(Game.objects.select_related("host").get(pk=game_id), request.auth)


@api.post("/games/{game_id}/join", response={200: GameOut, **ERRORS}, summary="Take a free seat")
def join(request, game_id: int):
    return _lifecycle(request, game_id, lifecycle.join_table)


@api.post("/games/{game_id}/leave", response={200: GameOut, **ERRORS}, summary="Leave before the deal")
def leave(request, game_id: int):
    """The host leaving closes the table; after the deal, resign instead."""
    return _lifecycle(request, game_id, lifecycle.leave_table, risks_chips=False)


@api.post("/games/{game_id}/start", response={200: GameOut, **ERRORS}, summary="Deal (the host)")
def start(request, game_id: int):
    return _lifecycle(request, game_id, lifecycle.start_table)


# ---------------------------------------------------------------- playing


@api.post("/games/{game_id}/moves", response={200: GameOut, **ERRORS, 409: StaleOut}, summary="Play a move")
def move(request, game_id: int, body: MoveIn):
    """Play a move chosen in position `version`: the game after it. A stale version is
    refused with 409 and the current game; an illegal move with 400 and the rules' reason."""
    _staked_visible(request, game_id)
    try:
        game = player_moves.play_move(request.auth, game_id, body.version, body.move)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError):
        # A move of a shape the rules did not foresee (a list where a card goes...): they
        # choked on it before anything was written, and the transaction rolled back. A
        # client's mistake, answered as one; logged, since the rules should have said why.
        logger.warning("Game %s: the rules raised on an API move", game_id, exc_info=True)
        raise HttpError(400, "That move is not one this game knows: see legal-moves for its shape.") from None
    return game_json(game, request.auth)


@api.post("/games/{game_id}/resign", response={200: GameOut, **ERRORS}, summary="Resign")
def resign(request, game_id: int):
    return _lifecycle(request, game_id, player_moves.resign)


@api.post("/games/{game_id}/back", response={200: GameOut, **ERRORS}, summary="Take my seat back from the bot")
def back(request, game_id: int):
    """A bot plays the seat of a player who missed turns (`away` on their seat) until
    they say they are back, here or on the page."""
    return _lifecycle(request, game_id, bot_play.come_back)


@api.post("/games/{game_id}/rematch", response={200: GameOut, **ERRORS}, summary="Play this game again")
def rematch(request, game_id: int):
    """For a player of a finished game: the first to ask opens the next table (the same
    game, seats, options, clock and ante; it deals at once when the others are bots),
    whoever asks later takes their seat at it. Answers the next table."""
    _staked_visible(request, game_id)
    following = lifecycle.rematch(request.auth, game_id)
    return game_json(Game.objects.select_related("host").get(pk=following.pk), request.auth)


@api.post("/games/{game_id}/chat", response={201: Error, **ERRORS}, summary="Say something at the table")
def chat(request, game_id: int, body: ChatIn):
    _visible(request, game_id)
    table_talk.say(request.auth, game_id, body.text)
    return Status(201, {"detail": "Said."})


# ---------------------------------------------------------------- mounting


@api.api_operation(
    ["GET", "POST", "PUT", "PATCH", "DELETE"],
    "/{path:rest}",
    auth=None,
    response={404: Error},
    include_in_schema=False,
    url_name="no_such_url",
)
def no_such_url(request, rest: str):
    """Any other path under /api/v1/: a JSON 404 like every refusal of the API (Django's
    would be an HTML page), naming the URL meant when only its final slash is missing."""
    meant = f"{request.path}/"
    try:
        with_slash = resolve(meant).url_name
    except Resolver404:
        with_slash = None
    if with_slash in (None, "no_such_url"):
        return Status(404, {"detail": "No such URL in the API: see /api/v1/docs."})
    return Status(404, {"detail": f"No such URL in the API: {meant} has a final slash."})


def _answered(view):
    """Each answer of the API carries what is left of the token's rate limit
    (X-RateLimit-*); ninja answers a method a path lacks with a text 405: here it is JSON
    like every other refusal."""

    @wraps(view)
    def answered(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if response.status_code == 405 and not response.get("Content-Type", "").startswith("application/json"):
            allowed = response["Allow"]
            response = JsonResponse({"detail": f"This URL takes {allowed}."}, status=405)
            response["Allow"] = allowed
        budget = getattr(getattr(request, "api_token", None), "budget", None)
        if budget is not None:
            for header, value in budget.headers().items():
                response[header] = value
        return response

    return answered


def urls():
    """What capitalla_site/urls.py mounts at /api/v1/: the API's URLs, each answer
    through `_answered`."""
    patterns, app_name, namespace = api.urls
    for pattern in patterns:
        pattern.callback = _answered(pattern.callback)
    return patterns, app_name, namespace
