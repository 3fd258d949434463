"""The checks (no writes) several actions share: who sits at the table, who hosts it,
whether it is still open, and whether the client saw the current position."""

from tables.actions.errors import DEALT, Conflict, Forbidden, NotFound, ServiceError, StaleVersion
from tables.models import CLOSED, Game, Seat


def check_not_dealt(game: Game, dealt: str = DEALT) -> None:
    """The table is still open; else why not: closed by its host, or `dealt`."""
    if game.status == Game.Status.OPEN:
        return
    if game.closed_before_the_deal:
        raise Conflict(f"{CLOSED} Any ante paid went back.")
    raise Conflict(dealt)


def check_seated(game: Game, user) -> Seat:
    """The user's seat. To someone who may not even see the table, it does not exist."""
    seat = game.seat_of(user)
    if seat is None:
        if not game.is_visible_to(user):
            raise NotFound("No such table.")
        raise Forbidden("You are not playing at this table.")
    return seat


def check_in_play(game: Game) -> None:
    if game.status != Game.Status.ACTIVE or game.state is None:
        raise Conflict("This game is not in play.")


def check_host(game: Game, user) -> None:
    if game.host_id != user.pk:
        raise Forbidden("Only the host can do that.")


def check_version(game: Game, expected_version) -> None:
    """The client saw the current position: the current version, or an earlier one that only
    extra time or a player's return followed (so giving time does not void a move in flight)."""
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise ServiceError("The move is missing the table's version number.") from None
    if expected == game.version:
        return
    if expected < game.version and game.position_unchanged_since(expected):
        return
    raise StaleVersion(game)
