"""Rebuild a game's state from its seed and move log alone."""

from collections import deque
from collections.abc import Iterator

from tables.models import Game, is_system_move


def replay(game: Game, upto: int | None = None) -> dict:
    """The state after every event, or after those up to seq `upto`."""
    ((_, state),) = deque(positions(game, upto), maxlen=1)
    return state


def positions(game: Game, upto: int | None = None) -> Iterator[tuple[int, dict]]:
    """(seq, state) for the deal (seq 0) and after each move the rules saw, up to seq
    `upto`. Timeouts, take-overs, returns and extra time are the site's moves, not the
    rules': they leave the state as it was."""
    rules = game.rules
    state = rules.new_game(game.num_seats, game.options, game.seed)
    yield 0, state
    events = game.events.all() if upto is None else game.events.filter(seq__lte=upto)
    for event in events:
        if not is_system_move(event.move):
            state = rules.apply(state, event.seat, event.move)
            yield event.seq, state
