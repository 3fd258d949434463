"""Thin views: authenticate, parse, call a service, render.

htmx requests get the game partial (`tables/game.html#table`); plain requests get
whole pages and, after a POST, a redirect (post/redirect/get), so every page also works
without JavaScript. A refused request changes nothing and says why.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from tables.actions import bot_play, errors, hand_arrangement, player_moves, table_talk, time_grants
from tables.forms import ResignForm, move_form
from tables.models import HISTORY_FIELDS, Game, rematch_mark
from tables.move_log import history_lines, payout_lines, with_payouts
from tables.plugins import PLUGINS
from tables.presenters import present
from tables.presenters_replay import present_replay, step_of
from tables.table_chat import present_chat

# ---------------------------------------------------------------- helpers


def visible_game_or_404(request, game_id: int, invite_code: str | None = None) -> Game:
    """The table if this user may see it (`Game.objects.visible_to`), or if they hold its
    `invite_code`; else 404, the answer for no table at all. Every game view starts here,
    so that an outsider learns nothing of a private table, not even that it exists."""
    games = Game.objects.filter(invite_code=invite_code) if invite_code else Game.objects.visible_to(request.user)
    game = games.select_related("host").filter(pk=game_id).first()
    if game is None:
        raise Http404("No such table.")
    return game


def render_game(
    request,
    game: Game,
    *,
    status: int = 200,
    error: str | None = None,
    via_invite: bool = False,
    partial: bool | None = None,
):
    """The game page, or only its table partial (with the new moves) for htmx requests."""
    partial = bool(request.htmx) if partial is None else partial
    table = present(
        game,
        request.user,
        error=error,
        via_invite=via_invite,
        request=request,
        partial=partial,
        shown_version=_shown_version(request) if partial else None,
        shown_chat=_shown_chat(request) if partial else None,
    )
    name = "tables/game.html" + ("#table" if partial else "")
    response = render(request, name, {"table": table, "stylesheet": game.plugin.stylesheet}, status=status)
    patch_vary_headers(response, ["HX-Request"])
    if partial and status >= 400:
        # Show the refusal in place of the table, whatever element sent the request.
        response = reswap(retarget(response, "#table"), "outerHTML")
    return response


def _shown_version(request) -> int | None:
    """The version of the page that sent this request: a form's `version`, a poll's `since`."""
    value = request.POST.get("version") if request.method == "POST" else request.GET.get("since")
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _shown_chat(request) -> int | None:
    """How many chat lines the polling page shows (`said`); None when not a poll."""
    try:
        return int(request.GET["said"]) if request.method == "GET" else None
    except (KeyError, ValueError):
        return None


def refused(request, game_id: int, exc: errors.ServiceError, *, redirect_to=None, keep_form: bool = False):
    """A service said no: the partial with the message for htmx, else a redirect with a
    message (post/redirect/get), or with `keep_form` the whole page at the refusal's status,
    as a refused form is shown again, so what the player ticked is still ticked (a move
    without JavaScript). An unknown table is a 404 either way. The table shown is read
    again through `visible_game_or_404`, so it is never one the user may not see."""
    if isinstance(exc, errors.NotFound):
        if request.htmx:
            return not_found_partial(exc.message)
        raise Http404(exc.message)
    game = visible_game_or_404(request, game_id)
    if request.htmx or keep_form:
        return render_game(request, game, status=exc.status, error=exc.message)
    messages.error(request, exc.message)
    return redirect(redirect_to or game.get_absolute_url())


def builder_check(request, game_id: int, kind: str, read_draft, judge, answer: str = "tables/_checks.html"):
    """A game's group builder asks whether what it holds is valid (Cap-It's melds,
    Rummathon's groups): htmx on every change gets the game's `answer` template drawn from
    what `judge(game, seat index, draft)` says (its `lines` for `tables/_checks.html`, and
    the builder's buttons for what they would now post); without JavaScript the builder's "Check"
    posts here and the whole page comes back, the draft kept in `request.<kind>_draft`
    for the game's presenter. Only a player of a game of `kind` in play is answered,
    before any card of the request is read; `read_draft` parses the query or form
    leniently. It changes nothing."""
    game = visible_game_or_404(request, game_id)
    if game.kind != kind:
        raise Http404(f"This table does not play {PLUGINS[kind].name}.")
    seat = game.seat_of(request.user) if request.user.is_authenticated else None
    if seat is None or game.state is None or game.status != game.Status.ACTIVE:
        lines = [{"ok": False, "text": "Only the players of a game in play can use its builder."}]
        return render(request, "tables/_checks.html", {"lines": lines}, status=403)
    draft = read_draft(request.POST if request.method == "POST" else request.GET)
    if not request.htmx:
        setattr(request, f"{kind}_draft", draft)
        return render_game(request, game, partial=False)
    return render(request, answer, judge(game, seat.index, draft))


def not_found_partial(message: str):
    """In place of the table, for an htmx request: the table is gone, and the way back."""
    response = HttpResponse(
        format_html(
            '<section id="table" class="table table--gone"><p class="alert alert--error" role="alert">'
            '{} <a href="{}">Back to the lobby</a>.</p></section>',
            message,
            reverse("lobby"),
        ),
        status=404,
    )
    return reswap(retarget(response, "#table"), "outerHTML")


def polled_and_unchanged(request, games, *, visible: bool = False) -> bool:
    """True when a poll finds nothing new in `games` (one table) from one indexed lookup:
    `?since=<version>` for a game in play; `?waiting=<seats taken>` for a table still
    waiting for players (joining does not change the version); with either, `said=<chat
    lines>`; for a finished game, `again=<Game.rematch_mark>` too. Invalid values
    count as changed. Unless the caller knows the table is `visible` (its invite code), a
    private table must also pass the visibility rule, asked whatever the guess, so that a
    right guess and a wrong one cost and answer the same; a public table's poll never asks
    who polls (no session, no user)."""
    since, waiting, said = (request.GET.get(name) for name in ("since", "waiting", "said"))
    again = request.GET.get("again")
    try:
        since, waiting, said = (None if value is None else int(value) for value in (since, waiting, said))
    except ValueError:
        return False
    if since is not None:
        rematch = ("rematch_id", "rematch_seated", "rematch__status") if again is not None else ()
        if rematch:
            games = games.annotate(rematch_seated=Count("rematch__seats"))
        row = games.values_list("version", "chat_count", *rematch, "private", "pk").first()
        unchanged = row is not None and row[0] == since and said in (None, row[1])
        unchanged = unchanged and (not rematch or again == rematch_mark(*row[2:5]))
    elif waiting is not None:
        row = games.annotate(taken=Count("seats")).values_list("status", "taken", "chat_count", "private", "pk").first()
        unchanged = row is not None and row[:2] == (Game.Status.OPEN, waiting) and said in (None, row[2])
    else:
        return False
    if row is None:
        return False
    private, game_id = row[-2:]
    if private and not visible and not Game.objects.visible_to(request.user).filter(pk=game_id).exists():
        return False
    return unchanged


def login_url() -> str:
    return resolve_url(settings.LOGIN_URL)


# ---------------------------------------------------------------- the game


@require_GET
def game_page(request, game_id: int):
    if polled_and_unchanged(request, Game.objects.filter(pk=game_id)):
        return HttpResponse(status=204)
    game = visible_game_or_404(request, game_id)
    return render_game(request, game)


@require_POST
def move(request, game_id: int):
    """The hot path: no lookup before the service, whose seat check answers 404 to anyone
    who may not see the table (checks.check_seated)."""
    if not request.user.is_authenticated:
        if request.htmx:
            return HttpResponse("Log in to play.", status=403)
        return redirect(f"{login_url()}?next={request.path}")

    def parsed(kind: str) -> dict:
        form = move_form(kind, request.POST)
        if not form.is_valid():
            raise errors.ServiceError(form.error_message() or "That move is not valid.")
        return form.move

    try:
        game = player_moves.play_move(request.user, game_id, request.POST.get("version"), parsed)
    except errors.ServiceError as exc:
        return refused(request, game_id, exc, keep_form=True)
    if request.htmx:
        return render_game(request, game)
    return redirect(game)


def _seat_action(request, game_id: int, action, done: str):
    """A POST from the table that is not a card move (extra time, "I'm back"): `action`
    of the table, once the user may see it."""
    game = visible_game_or_404(request, game_id)
    try:
        game = action(game)
    except errors.ServiceError as exc:
        return refused(request, game.pk, exc)
    if request.htmx:
        return render_game(request, game)
    messages.success(request, done)
    return redirect(game)


@login_required
@require_POST
def extra_time(request, game_id: int):
    return _seat_action(
        request,
        game_id,
        lambda game: time_grants.grant_extra_time(request.user, game.pk, request.POST.get("version")),
        "You gave more time for this turn.",
    )


@login_required
@require_POST
def come_back(request, game_id: int):
    return _seat_action(
        request,
        game_id,
        lambda game: bot_play.come_back(request.user, game.pk),
        "Welcome back: you play your own seat again.",
    )


@login_required
@require_POST
def arrange_hand(request, game_id: int):
    """My hand's order: dragged (`card`, the ids in their new order; the page shows it
    already, so htmx gets 204) or sorted (`sort`: the table comes back sorted)."""
    sort = request.POST.get("sort")
    order = None if sort is not None else request.POST.getlist("card")
    try:
        hand_arrangement.arrange_hand(request.user, game_id, order=order, sort=sort)
    except errors.ServiceError as exc:
        return refused(request, game_id, exc)
    if request.htmx and sort is None:
        return HttpResponse(status=204)
    if request.htmx:
        return render_game(request, visible_game_or_404(request, game_id))
    return redirect(reverse("game", args=[game_id]))


@require_GET
def history(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    by_index = {s.index: s.name for s in game.seat_list}
    events = game.events.values(*HISTORY_FIELDS).order_by("seq")
    name_of = lambda i: by_index.get(i, f"Seat {i + 1}")  # noqa: E731
    lines = with_payouts(history_lines(events, name_of), payout_lines(game, name_of), newest_first=False)
    return render(
        request,
        "tables/history.html",
        {
            "table": {
                "title": game.title,
                "url": game.get_absolute_url(),
                "history": lines,
                "replay_url": reverse("replay", args=[game.pk]) if game.has_replay else None,
            }
        },
    )


@login_required
@require_POST
def chat(request, game_id: int):
    """Say something at the table. htmx gets the chat section back (the field emptied);
    a plain form, the page again (post/redirect/get)."""
    game = visible_game_or_404(request, game_id)
    error = None
    try:
        table_talk.say(request.user, game.pk, request.POST.get("text"))
    except errors.ServiceError as exc:
        if not request.htmx:
            return refused(request, game.pk, exc, redirect_to=game.get_absolute_url() + "#chat")
        error = exc
    if not request.htmx:
        return redirect(game.get_absolute_url() + "#chat")
    game = visible_game_or_404(request, game.pk)
    names = {s.index: s.name for s in game.seat_list}
    chat_part = present_chat(
        game,
        game.seat_of(request.user),
        names.get,
        error=error and error.message,
        draft=request.POST.get("text", "")[:1000] if error else "",
    )
    return render(request, "tables/_chat.html", {"table": {"chat": chat_part}}, status=error.status if error else 200)


@require_GET
def replay(request, game_id: int):
    """A finished game, one move at a time (`?at=<move>`), every hand shown. htmx steps get
    only the replay's part."""
    game = visible_game_or_404(request, game_id)
    if not game.has_replay:
        return render(
            request,
            "tables/replay_closed.html",
            {"title": game.title, "game_url": game.get_absolute_url()},
            status=403,
        )
    replay = present_replay(game, step_of(request.GET.get("at"), game.version), request.user)
    response = render(
        request,
        "tables/replay.html" + ("#replay" if request.htmx else ""),
        {"replay": replay, "stylesheet": game.plugin.stylesheet},
    )
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_http_methods(["GET", "POST"])
def resign(request, game_id: int):
    """Resigning asks for a ticked box, so it needs no JavaScript to be confirmed."""
    game = visible_game_or_404(request, game_id)
    if request.method == "GET":
        if game.seat_of(request.user) is None:
            raise Http404("You are not playing at this table.")
        return render(request, "tables/resign.html", {"form": ResignForm(), "table": _resign_context(game)})
    form = ResignForm(request.POST)
    if not form.is_valid():
        message = "Tick the box to confirm that you resign."
        if request.htmx:
            return render_game(request, game, status=400, error=message)
        messages.error(request, message)
        return render(request, "tables/resign.html", {"form": form, "table": _resign_context(game)}, status=400)
    try:
        player_moves.resign(request.user, game.pk)
    except errors.ServiceError as exc:
        return refused(request, game.pk, exc)
    messages.info(request, "You resigned. You can keep watching the table.")
    if request.htmx:
        return render_game(request, visible_game_or_404(request, game.pk))
    return redirect(game)


def _resign_context(game: Game) -> dict:
    return {"id": game.pk, "title": game.title, "url": game.get_absolute_url()}


# ---------------------------------------------------------------- rules pages


def rules_index(request):
    """Every game's rules page, in the order of GAME_APPS."""
    games = [{"kind": slug, "name": plugin.name} for slug, plugin in PLUGINS.items()]
    return render(request, "rules/index.html", {"games": games})


def rules_page(request, kind: str):
    if kind not in PLUGINS:
        raise Http404("No such game.")
    plugin = PLUGINS[kind]
    return render(request, plugin.rules_template, {"game_name": plugin.name, "stylesheet": plugin.stylesheet})
