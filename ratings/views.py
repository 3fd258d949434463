"""The leaderboards: every game's best, and one game's. Like every view, they read and render
(a player's ratings are on their page: `ratings.reading.ratings_of_player`)."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.plugins import PLUGINS
from ratings import skill
from ratings.models import Rating

# Players on a game's leaderboard, and on the summary of every game.
LEADERBOARD_SIZE = 100
SUMMARY_SIZE = 5


def _leaders(kind: str, limit: int) -> list[dict]:
    """The best established ratings in a game (provisional ones wait for their 10 games)."""
    rows = (
        Rating.objects.filter(kind=kind, games__gte=skill.PROVISIONAL_GAMES, user__is_active=True)
        .select_related("user")
        .order_by("-shown", "user_id")[:limit]
    )
    return [
        {
            "place": place,
            "name": r.user.name,
            "url": reverse("player", args=[r.user_id]),
            "rating": r.label,
            "games": r.games,
        }
        for place, r in enumerate(rows, 1)
    ]


@require_GET
def index(request):
    games = [
        {
            "kind": slug,
            "name": p.name,
            "url": reverse("ratings:leaderboard", args=[slug]),
            "leaders": _leaders(slug, SUMMARY_SIZE),
        }
        for slug, p in PLUGINS.items()
    ]
    return render(request, "ratings/index.html", {"games": games, "provisional_games": skill.PROVISIONAL_GAMES})


@require_GET
def leaderboard(request, kind: str):
    plugin = PLUGINS.get(kind)
    if plugin is None:
        raise Http404("No such game.")
    provisional = Rating.objects.filter(kind=kind, games__lt=skill.PROVISIONAL_GAMES).count()
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game": {"kind": kind, "name": plugin.name, "rules_url": reverse("rules", args=[kind])},
            "leaders": _leaders(kind, LEADERBOARD_SIZE),
            "provisional": provisional,
            "provisional_games": skill.PROVISIONAL_GAMES,
        },
    )
