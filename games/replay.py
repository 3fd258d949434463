"""Rebuild a game's state from its seed and move log alone."""

from games.models import Game


def replay(game: Game) -> dict:
    rules = game.rules
    state = rules.new_game(game.num_seats, game.options, game.seed)
    for event in game.events.all():
        state = rules.apply(state, event.seat, event.move)
    return state
