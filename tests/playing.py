"""Playing a game on through the write layer, as its players and the bot worker would."""

import random

from tables.actions import bot_play, player_moves
from tables.models import Game
from tables.presenters import present


def play_moves(game, moves: int | None = None):
    """Play `moves` moves of the game (all of them: None), stopping at its end: each
    person's move the normal bot's choice from their seat, made through
    player_moves.play_move; a bot seat's turn played as the worker plays it."""
    bot = bot_play.get_bot(game.kind, "normal")
    rng = random.Random(game.pk)
    played = 0
    while game.status == Game.Status.ACTIVE and (moves is None or played < moves):
        seat = next(s for s in game.seat_list if s.index == game.to_act[0])
        if seat.plays_as_bot:
            assert bot_play.play_bot_turn(game.pk, game.version)
            game = Game.objects.get(pk=game.pk)
        else:
            game = player_moves.play_move(seat.user, game.pk, game.version, bot.choose(game.state, seat.index, rng))
        played += 1
    return game


def until_a_round_ends(game: Game, user) -> Game:
    """Play on, a move at a time, until `user`'s table shows a round (a deal) just over."""
    for _ in range(2000):
        game = play_moves(game, 1)
        assert game.status == Game.Status.ACTIVE, "the game ended before a round did"
        if present(game, user)["round_over"]:
            return game
    raise AssertionError("no round ended")


def until_seat_moved(game: Game, seat: int) -> Game:
    """Play on until the player in `seat` has made a move."""
    while True:
        mover = game.to_act[0]
        game = play_moves(game, 1)
        if mover == seat:
            return game
