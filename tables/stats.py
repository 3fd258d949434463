"""A player's record, read from their seats: games finished and won per game, games in
play, and their latest results. A shared win (a tie) counts as a win. Only the games the
viewer may see count: a private game only for its players (and the staff), so nobody
learns from a record when a private game ended, nor who won it."""

from django.urls import reverse

from tables.models import Game, Seat
from tables.plugins import PLUGINS

RECENT_RESULTS = 10


def _won(index: int, result: dict | None) -> bool:
    return bool(result) and index in (result.get("winners") or [])


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def _seats_seen(user, viewer):
    """The user's seats in the games `viewer` may see."""
    return Seat.objects.filter(user=user, game__in=Game.objects.visible_to(viewer))


def record_of(user, viewer) -> dict:
    """{"games": [{"name", "played", "won", "rate"}] per game they finished, "total": the
    same over all, "playing": how many games they are in now}, as `viewer` may see it."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    playing = 0
    seats = _seats_seen(user, viewer).filter(game__status__in=[Game.Status.ACTIVE, Game.Status.FINISHED])
    for index, kind, status, result in seats.values_list("index", "game__kind", "game__status", "game__result"):
        if status == Game.Status.ACTIVE:
            playing += 1
            continue
        played[kind] = played.get(kind, 0) + 1
        won[kind] = won.get(kind, 0) + _won(index, result)
    games = [
        {"name": PLUGINS[kind].name, "played": played[kind], "won": won[kind], "rate": _rate(won[kind], played[kind])}
        for kind in PLUGINS
        if kind in played
    ]
    total_played, total_won = sum(played.values()), sum(won.values())
    return {
        "games": games,
        "playing": playing,
        "total": {"played": total_played, "won": total_won, "rate": _rate(total_won, total_played)},
    }


def recent_results(user, viewer, limit: int = RECENT_RESULTS) -> list[dict]:
    """Their latest finished games that `viewer` may see, newest first: the game, when,
    won or not, against whom."""
    seats = _seats_seen(user, viewer).filter(game__status=Game.Status.FINISHED)
    seats = list(seats.select_related("game").defer("game__state").order_by("-game__finished_at")[:limit])
    humans: dict[int, list[str]] = {}
    bots: dict[int, int] = {}
    for game_id, user_id, name in (
        Seat.objects.filter(game__in=[s.game_id for s in seats])
        .exclude(user=user)
        .order_by("index")
        .values_list("game_id", "user_id", "player_name")
    ):
        if user_id is None:
            bots[game_id] = bots.get(game_id, 0) + 1
        else:
            humans.setdefault(game_id, []).append(name)
    rows = []
    for seat in seats:
        game = seat.game
        n = bots.get(game.pk, 0)
        against = humans.get(game.pk, []) + ([f"{n} bot{'s' if n > 1 else ''}"] if n else [])
        rows.append(
            {
                "title": game.title,
                "url": game.get_absolute_url(),
                "replay_url": reverse("replay", args=[game.pk]),
                "finished_at": game.finished_at,
                "won": _won(seat.index, game.result),
                "against": ", ".join(against) or "nobody",
            }
        )
    return rows
