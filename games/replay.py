"""Rebuild a game's state from its seed and move log alone."""

from games.models import Game, is_system_move


def replay(game: Game, upto: int | None = None) -> dict:
    """The state after every event, or after those up to seq `upto`."""
    rules = game.rules
    state = rules.new_game(game.num_seats, game.options, game.seed)
    events = game.events.all() if upto is None else game.events.filter(seq__lte=upto)
    for event in events:
        if is_system_move(event.move):
            continue  # timeouts, take-overs, returns, extra time: the site's, not the rules'
        state = rules.apply(state, event.seat, event.move)
    return state
