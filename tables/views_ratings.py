"""The leaderboards: every game's best, and one game's. Like every view, they read and render
(a player's ratings are on their page: `ratings.reading.ratings_of_player`). They are the
core's, not the ratings app's, because they list the games (`PLUGINS`); the ratings they
show are `ratings.reading`'s. Their URLs keep the "ratings" namespace (capitalla_site/urls.py)."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from ratings import skill
from ratings.reading import leaders, provisional_players
from tables.plugins import PLUGINS

# Players on a game's leaderboard, and on the summary of every game.
LEADERBOARD_SIZE = 100
SUMMARY_SIZE = 5


@require_GET
def index(request):
    games = [
        {
            "kind": slug,
            "name": p.name,
            "url": reverse("ratings:leaderboard", args=[slug]),
            "leaders": leaders(slug, SUMMARY_SIZE),
        }
        for slug, p in PLUGINS.items()
    ]
    return render(request, "ratings/index.html", {"games": games, "provisional_games": skill.PROVISIONAL_GAMES})


@require_GET
def leaderboard(request, kind: str):
    plugin = PLUGINS.get(kind)
    if plugin is None:
        raise Http404("No such game.")
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game": {"kind": kind, "name": plugin.name, "rules_url": reverse("rules", args=[kind])},
            "leaders": leaders(kind, LEADERBOARD_SIZE),
            "provisional": provisional_players(kind),
            "provisional_games": skill.PROVISIONAL_GAMES,
        },
    )
