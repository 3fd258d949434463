"""Rebuild a game's state from its seed and move log alone."""

from games.models import Game, is_system_move


def replay(game: Game) -> dict:
    rules = game.rules
    state = rules.new_game(game.num_seats, game.options, game.seed)
    for event in game.events.all():
        if is_system_move(event.move):
            continue  # timeouts, take-overs, returns, extra time: the site's, not the rules'
        state = rules.apply(state, event.seat, event.move)
    return state
