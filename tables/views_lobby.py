"""The lobby and the pages around it: open tables and my tables, creating a table (or a
quick game against bots), the games waiting for me, rematches offered to me, and a
player's public record. Like every view, they parse, call a service, render."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Count, Exists, F, OuterRef, Q, Value, When
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from ratings.reading import ratings_of_player
from tables import stats
from tables.actions import errors, lifecycle
from tables.actions.table_checks import BOT_LEVELS, offered_bot_levels
from tables.forms import CreateTableForm, fewer_levels_note
from tables.models import STOPPED, Game, Seat, spoken_list, turn_time_label
from tables.plugins import PLUGINS
from tables.presenters import joining, status_label
from tables.seat_ratings import label_seats
from tables.table_links import streams_offered

# Open tables per lobby page; a page number past the last shows the last.
LOBBY_PAGE_SIZE = 50
# The session's last bots' level for "Play now", shown chosen again in the lobby.
QUICK_LEVEL_KEY = "quick_bot_level"


def lobby(request, form: CreateTableForm | None = None, status: int = 200):
    open_tables = Game.objects.filter(status=Game.Status.OPEN, private=False)
    mine, rematches = [], []
    if request.user.is_authenticated:
        rematches = rematches_for(request.user)
        # Listed under "Your tables" and "Rematches for you" instead.
        open_tables = open_tables.exclude(seats__user=request.user).exclude(pk__in=[r["id"] for r in rematches])
        mine = my_tables(request.user, [Game.Status.OPEN, Game.Status.ACTIVE])
    page = Paginator(in_lobby_order(open_tables, request.user), LOBBY_PAGE_SIZE).get_page(request.GET.get("page"))
    open_rows, my_rows = [_lobby_row(g, request.user) for g in page], [_lobby_row(g, request.user) for g in mine]
    label_seats(open_rows, my_rows, rematches)
    context = {
        "open_tables": open_rows,
        "pages": {
            "number": page.number,
            "count": page.paginator.num_pages,
            "previous": page.previous_page_number() if page.has_previous() else None,
            "next": page.next_page_number() if page.has_next() else None,
        },
        "my_tables": my_rows,
        "rematches": rematches,
        "games": [{"kind": slug, "name": plugin.name} for slug, plugin in PLUGINS.items()],
        "quick_levels": quick_levels(request),
        "fewer_levels": fewer_levels_note(),  # a game offering fewer levels says so
        # Each game's seats, for the create form's script (static/js/game-options.js) to
        # follow the chosen game; the form's own check says the same without it.
        "seat_ranges": {
            slug: {"name": plugin.name, "min": plugin.rules.info.min_players, "max": plugin.rules.info.max_players}
            for slug, plugin in PLUGINS.items()
        },
        "form": form or CreateTableForm(),
        "list_url": f"{reverse('lobby')}?page={page.number}",
        "live_url": live_url(request, "lobby_live"),
    }
    return _render_live(request, "tables/lobby.html", "tables", context, status=status)


def quick_levels(request) -> list[dict]:
    """The bots' levels "Play now" offers (any game's), the session's last one chosen, else
    "normal": a beginner's level. A game without the chosen level refuses it (quick_game);
    the help under the buttons names such a game and its levels (`fewer_levels_note`)."""
    chosen = request.session.get(QUICK_LEVEL_KEY, "normal")
    offered = [level for level in BOT_LEVELS if any(level in p.bots for p in PLUGINS.values())]
    return [{"value": level, "label": level.capitalize(), "chosen": level == chosen} for level in offered]


def live_url(request, name: str) -> str | None:
    """A list page's stream of news (live/); None without one: the page polls."""
    return reverse(name) if streams_offered(request) else None


def _render_live(request, template: str, part: str, context: dict, status: int = 200):
    """A page, or only its `part` when its news (or its poll) asks for it again."""
    name = f"{template}#{part}" if request.htmx and request.method == "GET" else template
    response = render(request, name, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def in_lobby_order(tables, user):
    """Tables with a free seat from people the user has played with first, then the
    others with a free seat, then full ones; newest first within each."""
    tables = tables.annotate(taken=Count("seats"))
    has_free_seat = Q(taken__lt=F("num_seats"))
    known = Q(pk__in=[])
    if user.is_authenticated:
        played = Seat.objects.filter(user=user, game__status__in=[Game.Status.ACTIVE, Game.Status.FINISHED])
        played_with = Seat.objects.filter(game__in=played.values("game"), user__isnull=False).exclude(user=user)
        known = Q(host__in=played_with.values("user")) | Exists(
            Seat.objects.filter(game=OuterRef("pk"), user__in=played_with.values("user"))
        )
    rank = Case(When(has_free_seat & known, then=Value(0)), When(has_free_seat, then=Value(1)), default=Value(2))
    return tables.select_related("host").prefetch_related("seats").order_by(rank, "-created_at", "-pk")


def my_tables(user, statuses) -> list[Game]:
    """The latest 50 tables of these statuses where `user` has a seat, newest first."""
    return list(
        Game.objects.filter(seats__user=user, status__in=statuses)
        .select_related("host")
        .prefetch_related("seats")
        .order_by("-created_at")
        .distinct()[:50]
    )


def my_open_tables(user) -> list[Game]:
    return my_tables(user, [Game.Status.OPEN])


def rematch_tables_for(user) -> list[Game]:
    """Open rematches of games the user played, where they have no seat yet: joined from
    the old game (`lifecycle.rematch`), which lets them in even when the table is private."""
    return list(
        Game.objects.filter(status=Game.Status.OPEN, rematch_of__seats__user=user)
        .exclude(seats__user=user)
        .select_related("host", "rematch_of")
        .prefetch_related("seats")
        .order_by("-created_at")
        .distinct()[:20]
    )


def rematches_for(user) -> list[dict]:
    """`rematch_tables_for` as lobby rows, each with the way to join it."""
    return [
        _lobby_row(g, user)
        | {
            "join_url": reverse("rematch", args=[g.rematch_of.pk]),
            "rematch_of": g.rematch_of.title,
        }
        for g in rematch_tables_for(user)
    ]


def _lobby_row(game: Game, user) -> dict:
    seats = {s.index: s for s in game.seat_list}
    me = game.seat_of(user)
    to_act = set(game.to_act or [])
    active = game.status == Game.Status.ACTIVE
    clock = [seats[i] for i in game.clock_seats() if i in seats] if active else []
    is_host = user.is_authenticated and game.host_id == user.pk
    return {
        "id": game.pk,
        "url": game.get_absolute_url(),
        "join_url": reverse("join", args=[game.pk]),
        "rematch_of": None,
        "game_name": game.rules.info.name,
        "kind": game.kind,
        "rated": game.rated,
        "status": game.status,
        "status_label": status_label(game, is_host, game.num_seats - len(seats)),
        "private": game.private,
        "host_name": game.host.name,
        "created_at": game.created_at,
        "seats": [
            {
                "number": i + 1,
                "name": seats[i].name if i in seats else None,
                "user_id": seats[i].user_id if i in seats else None,
                "is_bot": i in seats and seats[i].is_bot,
                "is_me": me is not None and me.index == i,
                "to_act": game.status == Game.Status.ACTIVE and i in to_act,
            }
            for i in range(game.num_seats)
        ],
        "taken": len(seats),
        "free": game.num_seats - len(seats),
        # A table with an ante, or a rated one, seats only people: it starts once full (lifecycle.start_table).
        "waits_for_people": bool(game.ante or game.rated) and len(seats) < game.num_seats,
        "seated": me is not None,
        **joining(game, user, me, game.num_seats - len(seats)),
        "my_turn": is_my_turn(game, me),
        "away": me is not None and active and me.away,
        "is_host": is_host,
        "is_open": game.status == Game.Status.OPEN,
        "turn_time": turn_time_label(game.turn_seconds),
        "timeout_policy": game.timeout_policy,
        "ante": game.ante,
        "deadline": clock and game.deadline,
        "clock_name": spoken_list([seat.name for seat in clock]),
        "clock_is_me": bool(me and me in clock),
        "finished_at": game.finished_at,
        "replay_url": reverse("replay", args=[game.pk]) if game.has_replay else None,
        "headline": game.plugin.result_headline(game.result, lambda i: seats[i].name if i in seats else f"Seat {i + 1}")
        if game.status == Game.Status.FINISHED and game.result
        else (STOPPED if game.stopped else None),
    }


def is_my_turn(game: Game, me: Seat | None) -> bool:
    """Whether `me` (a seat of the game, or None) is to act in a game in play, not away."""
    return me is not None and game.status == Game.Status.ACTIVE and me.index in (game.to_act or []) and not me.away


def my_games_by_urgency(user) -> dict[str, list[Game]]:
    """Where `user` is needed: their turn ("my_turn", the most urgent deadline first), then
    games in play waiting on others ("waiting"), then the ones that finished lately
    ("finished"). The page and the API (api/views.py) list them in this order."""
    mine = Game.objects.filter(seats__user=user).select_related("host").prefetch_related("seats")
    active = list(
        mine.filter(status=Game.Status.ACTIVE).order_by(F("deadline").asc(nulls_last=True), "-started_at")[:200]
    )
    return {
        "my_turn": [g for g in active if is_my_turn(g, g.seat_of(user))],
        "waiting": [g for g in active if not is_my_turn(g, g.seat_of(user))],
        "finished": list(
            mine.filter(
                Q(status=Game.Status.FINISHED) | Q(status=Game.Status.ABANDONED, started_at__isnull=False)
            ).order_by("-finished_at")[:20]
        ),
    }


@login_required
def my_games(request):
    """Where I am needed (`my_games_by_urgency`), each seat with its rating."""
    rows = {
        name: [_lobby_row(g, request.user) for g in games] for name, games in my_games_by_urgency(request.user).items()
    }
    rematches = rematches_for(request.user)
    label_seats(*rows.values(), rematches)
    return _render_live(
        request,
        "tables/my_games.html",
        "lists",
        {
            "rematches": rematches,
            **rows,
            "live_url": live_url(request, "my_games_live"),
        },
    )


@require_GET
def player_page(request, user_id: int):
    """A player's public page: their record per game and their latest results, from the
    games this visitor may see."""
    player = get_object_or_404(get_user_model(), pk=user_id)
    if not player.is_active:  # the tables still link the seats of closed accounts here
        return render(request, "tables/player_closed.html", {"name": player.name}, status=410)
    return render(
        request,
        "tables/player.html",
        {
            "player": {"name": player.name, "since": player.date_joined, "is_me": player == request.user},
            "record": stats.record_of(player, request.user),
            "ratings": ratings_of_player(
                player, Game.objects.visible_to(request.user), {kind: plugin.name for kind, plugin in PLUGINS.items()}
            ),
            "recent": stats.recent_results(player, request.user),
        },
    )


@login_required
@require_POST
def create_table(request):
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, "The table was not created. " + " ".join(str(e) for errors in form.errors.values() for e in errors)
        )
        return lobby(request, form=form, status=400)
    data = form.cleaned_data
    try:
        game = lifecycle.create_table(
            request.user,
            data["kind"],
            data["seats"],
            bots=data["bots"],
            bot_level=data["bot_level"],
            private=data["private"],
            options=data["options"],
            ante=data["ante"] or 0,
            turn_seconds=data["turn_seconds"],
            timeout_policy=data["timeout_policy"],
            allow_extra_time=data["allow_extra_time"],
            absences_stop_clock=data["absences_stop_clock"],
            rated=data["rated"],
        )
    except errors.ServiceError as exc:
        messages.error(request, f"The table was not created. {exc.message}")
        return lobby(request, form=form, status=exc.status)
    if game.private:
        messages.success(request, "Your private table is ready. Send the invite link to your friends.")
    else:
        messages.success(request, "Your table is open in the lobby. Start it when everyone is seated.")
    return redirect(game)


@login_required
@require_POST
def quick_game(request):
    """One click from the lobby to a dealt game against bots, of the level chosen above
    the buttons ("normal" when the request names none), remembered for the session."""
    kind = request.POST.get("kind")
    if kind not in PLUGINS:
        messages.error(request, "Choose one of the games to play.")
        return lobby(request, status=400)
    level = request.POST.get("bot_level") or "normal"
    if level in BOT_LEVELS and level not in offered_bot_levels(kind):  # a level this game does not offer
        offered = " and ".join(offered_bot_levels(kind))
        messages.error(request, f"{PLUGINS[kind].name} has {offered} bots only: choose one of those levels.")
        return lobby(request, status=400)
    if level not in offered_bot_levels(kind):
        messages.error(request, f"Choose the bots' level: one of {', '.join(offered_bot_levels(kind))}.")
        return lobby(request, status=400)
    try:
        game = lifecycle.quick_game(request.user, kind, bot_level=level)
    except errors.ServiceError as exc:
        messages.error(request, exc.message)
        return lobby(request, status=exc.status)
    request.session[QUICK_LEVEL_KEY] = level
    messages.success(request, f"The cards are dealt, against {level} bots. Good luck!")
    return redirect(game)
