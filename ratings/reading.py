"""Ratings as pages show them: one query for every player a page names. What a page must
know of the games (which are over, which a visitor may see, their names) is the core's
to read, and it passes it in (tables/seat_ratings.py, the player page in
tables/views_lobby.py, the leaderboards in tables/views_ratings.py): the ratings app
stays below the core and imports nothing of it."""

from collections.abc import Iterable, Mapping

from django.db.models import QuerySet
from django.urls import reverse

from ratings import skill
from ratings.chart import rating_chart
from ratings.models import Rating, RatingChange


def ratings_of(pairs: Iterable[tuple[int, str]]) -> dict[tuple[int, str], Rating]:
    """The ratings of (user id, game kind) pairs, in one query (none when there are no pairs):
    a page asks once for every player it names."""
    pairs = {(user, kind) for user, kind in pairs if user is not None}
    if not pairs:
        return {}
    users = {user for user, _ in pairs}
    kinds = {kind for _, kind in pairs}
    found = Rating.objects.filter(user_id__in=users, kind__in=kinds).only("user_id", "kind", "shown", "games")
    return {(r.user_id, r.kind): r for r in found if (r.user_id, r.kind) in pairs}


def shown(shown_number: int, games: int, change: int | None = None) -> dict:
    """A rating as a page writes it next to a name: "label" ("1540", or "1540?" while
    "provisional"), and the "change" a finished game made ("+14", "−9"; None if none),
    "up" or "down" its "direction"; the bare numbers too, for the API ("number", "points")."""
    return {
        "number": shown_number,
        "points": change,
        "label": skill.label(shown_number, games),
        "provisional": games < skill.PROVISIONAL_GAMES,
        "change": None if change is None else skill.signed(change),
        "direction": None if not change else "up" if change > 0 else "down",
    }


def rating_of(ratings: dict, user_id: int | None, kind: str) -> dict | None:
    """A player's rating in a game, out of `ratings_of`, for a page: a new player's 1500?
    if they have none yet; None for a bot or a free seat."""
    if user_id is None:
        return None
    found = ratings.get((user_id, kind))
    return shown(found.shown, found.games) if found else shown(skill.SHOWN_BASE, 0)


def changes_of(game) -> dict[int, RatingChange]:
    """What a finished rated game did to each player's rating, by user id (one query)."""
    return {row.user_id: row for row in RatingChange.objects.filter(game=game)}


def ratings_by_game(tables: Iterable[tuple[int, str, bool, list[int]]]) -> dict[int, dict[int, dict]]:
    """By game id and user id, the rating shown of each (game id, kind, left, player ids):
    a game that `left` ratings (a rated game over) shows what it left, the others today's.
    Two queries at most."""
    tables = list(tables)
    by_game: dict[int, dict[int, dict]] = {game: {} for game, _, _, _ in tables}
    over = [game for game, _, left, _ in tables if left]
    if over:
        for row in RatingChange.objects.filter(game__in=over):
            by_game[row.game_id][row.user_id] = shown(row.shown_after, row.games_after, row.change)
    live = [(game, kind, users) for game, kind, left, users in tables if not left]
    found = ratings_of((user, kind) for _, kind, users in live for user in users)
    for game, kind, users in live:
        by_game[game] = {user: rating_of(found, user, kind) for user in users}
    return by_game


# What a player's page reads of each history row.
HISTORY_FIELDS = ("kind", "rank", "weight", "shown_before", "shown_after", "games_after", "user_id")


def ratings_of_player(user, visible_games: QuerySet, names: Mapping[str, str]) -> list[dict]:
    """A player's rating in each game of `names` (its name by kind, in the page's order)
    they have one in, with its history in `visible_games`, those the visitor may see (a
    private game's only for its players): every game's rating after it and its change,
    and the chart over time. Two queries."""
    ratings = {r.kind: r for r in Rating.objects.filter(user=user)}
    rows: dict[str, list[RatingChange]] = {}
    seen = RatingChange.objects.filter(user=user, game__in=visible_games).select_related("game")
    for row in seen.only("game__id", "game__finished_at", "game__kind", *HISTORY_FIELDS).order_by("id"):
        rows.setdefault(row.kind, []).append(row)
    games = []
    for kind, name in names.items():
        rating = ratings.get(kind)
        if rating is None:
            continue
        history = rows.get(kind, [])
        values = [history[0].shown_before] + [row.shown_after for row in history] if history else []
        games.append(
            {
                "kind": kind,
                "name": name,
                "rating": shown(rating.shown, rating.games),
                "games": rating.games,
                "leaderboard_url": reverse("ratings:leaderboard", args=[kind]),
                "chart": rating_chart(values),
                "history": [
                    {
                        "title": f"{name} #{row.game_id}",
                        "url": reverse("game", args=[row.game_id]),
                        "finished_at": row.game.finished_at,
                        "rank": row.rank,
                        "rating": shown(row.shown_after, row.games_after, row.change),
                        "in_full": row.counted_in_full,
                        "weight": row.weight,
                    }
                    for row in reversed(history)
                ],
            }
        )
    return games


def leaders(kind: str, limit: int) -> list[dict]:
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


def provisional_players(kind: str) -> int:
    """How many players' ratings in a game are still provisional: the leaderboard leaves them out."""
    return Rating.objects.filter(kind=kind, games__lt=skill.PROVISIONAL_GAMES).count()
