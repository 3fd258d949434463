"""Ratings as pages show them: one query for every player a page names."""

from collections.abc import Iterable

from django.urls import reverse

from games.models import Game
from games.plugins import PLUGINS
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


def label_seats(*lists: list[dict]) -> None:
    """Put on each seated player's seat (`seat["rating"]`, from `seat["user_id"]`) the
    rating the row's game shows next to their name (`seat_ratings`), for every row of the
    lists: two queries at most for the whole page."""
    rows = [row for rows in lists for row in rows]
    found = _ratings_by_game(
        (
            row["id"],
            row["kind"],
            _left_ratings(row["rated"], row["status"]),
            [seat["user_id"] for seat in row["seats"] if seat["user_id"] is not None],
        )
        for row in rows
    )
    for row in rows:
        for seat in row["seats"]:
            seat["rating"] = found[row["id"]].get(seat["user_id"])


def _left_ratings(rated: bool, status: str) -> bool:
    """Whether a game's own ratings are the ones it left (a rated game over), not today's."""
    return rated and status == Game.Status.FINISHED


def changes_of(game) -> dict[int, RatingChange]:
    """What a finished rated game did to each player's rating, by user id (one query)."""
    return {row.user_id: row for row in RatingChange.objects.filter(game=game)}


def seat_ratings(game, seats) -> dict[int, dict]:
    """By user id, the rating the table writes next to each player's name (`shown`): their
    rating in the game now, or, once a rated game is over, the rating it left them with and
    its change. One query."""
    return seat_ratings_of_games([(game, seats)])[game.pk]


def seat_ratings_of_games(tables: list) -> dict[int, dict[int, dict]]:
    """`seat_ratings` of each (game, seats) of a list, by game id: two queries at most (the
    finished rated games' changes, the other games' ratings now) however long the list."""
    return _ratings_by_game(
        (
            game.pk,
            game.kind,
            _left_ratings(game.rated, game.status),
            [s.user_id for s in seats if s.user_id is not None],
        )
        for game, seats in tables
    )


def _ratings_by_game(tables: Iterable[tuple[int, str, bool, list[int]]]) -> dict[int, dict[int, dict]]:
    """By game id and user id, the rating shown of each (game id, kind, over and rated,
    player ids): a game that left ratings shows what it left, the others today's."""
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


def ratings_of_player(user, viewer) -> list[dict]:
    """A player's rating in each game they have one, with its history in the games
    `viewer` may see (a private game's only for its players): every game's rating after
    it and its change, and the chart over time. Two queries."""
    ratings = {r.kind: r for r in Rating.objects.filter(user=user)}
    rows: dict[str, list[RatingChange]] = {}
    seen = RatingChange.objects.filter(user=user, game__in=Game.objects.visible_to(viewer)).select_related("game")
    for row in seen.only("game__id", "game__finished_at", "game__kind", *HISTORY_FIELDS).order_by("id"):
        rows.setdefault(row.kind, []).append(row)
    games = []
    for kind, plugin in PLUGINS.items():
        rating = ratings.get(kind)
        if rating is None:
            continue
        history = rows.get(kind, [])
        values = [history[0].shown_before] + [row.shown_after for row in history] if history else []
        games.append(
            {
                "kind": kind,
                "name": plugin.name,
                "rating": shown(rating.shown, rating.games),
                "games": rating.games,
                "leaderboard_url": reverse("ratings:leaderboard", args=[kind]),
                "chart": rating_chart(values),
                "history": [
                    {
                        "title": f"{plugin.name} #{row.game_id}",
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
