"""A person's moves: a move played at the version the client saw, and resigning."""

from django.db import transaction

from tables.actions.checks import check_in_play, check_seated, check_version
from tables.actions.errors import Conflict, ServiceError
from tables.actions.game_state import _apply, _locked
from tables.models import Game


def check_move_shape(move) -> None:
    """A move is an object naming its type; what else it holds is the rules' to judge."""
    if not isinstance(move, dict):
        raise ServiceError("A move must be a JSON object.")
    if not isinstance(move.get("type"), str):
        raise ServiceError('A move must name its type as a string, e.g. {"type": "draw", "from": "pile"}.')


def play_move(user, game_id: int, expected_version, move) -> Game:
    """A human's move, applied only if the client saw the current version, unless its type
    is one of the game's `version_free` ones (the engine judges those in whatever position
    they arrive). `move` is a dict, or a function of the game's kind that parses one
    (raising ServiceError), so a form is read for the right game without loading the game
    twice."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        check_in_play(game)
        move = move(game.kind) if callable(move) else move
        check_move_shape(move)
        if move["type"] not in game.plugin.version_free:
            check_version(game, expected_version)
        if seat.away:
            raise Conflict("A bot is playing your seat: press “I'm back” to play again.")
        _apply(game, seat.index, move)
        if seat.missed_turns:
            seat.missed_turns = 0  # the misses that count are the ones in a row
            seat.save(update_fields=["missed_turns"])
    return game


def resign(user, game_id: int) -> Game:
    """Resigning is allowed at any moment, so it does not ask for a version."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        check_in_play(game)
        _apply(game, seat.index, {"type": "resign"})
    return game
