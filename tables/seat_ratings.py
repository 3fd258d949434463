"""The rating next to each seated player's name, on the table, the lobby's rows and the
API's games (`ratings.reading.ratings_by_game` reads them). It is the core's because it
decides from a game's state which ratings to show: a rated game over shows the ones it
left, the others today's."""

from ratings.reading import ratings_by_game
from tables.models import Game


def label_seats(*lists: list[dict]) -> None:
    """Put on each seated player's seat (`seat["rating"]`, from `seat["user_id"]`) the
    rating the row's game shows next to their name (`seat_ratings`), for every row of the
    lists: two queries at most for the whole page."""
    rows = [row for rows in lists for row in rows]
    found = ratings_by_game(
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


def seat_ratings(game, seats) -> dict[int, dict]:
    """By user id, the rating the table writes next to each player's name
    (`ratings.reading.shown`): their rating in the game now, or, once a rated game is over,
    the rating it left them with and its change. One query."""
    return seat_ratings_of_games([(game, seats)])[game.pk]


def seat_ratings_of_games(tables: list) -> dict[int, dict[int, dict]]:
    """`seat_ratings` of each (game, seats) of a list, by game id: two queries at most (the
    finished rated games' changes, the other games' ratings now) however long the list."""
    return ratings_by_game(
        (
            game.pk,
            game.kind,
            _left_ratings(game.rated, game.status),
            [s.user_id for s in seats if s.user_id is not None],
        )
        for game, seats in tables
    )
