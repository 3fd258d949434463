"""Rated tables for the ratings tests: dealt with people only, and finished quickly."""

import pytest

from tables.actions import lifecycle, player_moves
from tables.models import Game


@pytest.fixture
def rated(people):
    """rated(users or n, kind="capitalla", **table): a dealt rated table, the first user
    hosting and the others seated in order."""

    def deal(users, kind: str = "capitalla", **table):
        users = people(users) if isinstance(users, int) else list(users)
        game = lifecycle.create_table(
            users[0], kind, seats=len(users), rated=True, timeout_policy=Game.TimeoutPolicy.FORFEIT, **table
        )
        for user in users[1:]:
            lifecycle.join_table(user, game.pk)
        return lifecycle.start_table(users[0], game.pk)

    return deal


@pytest.fixture
def won_by(rated):
    """won_by(winner, users, kind="capitalla"): a rated game the others resign, so that
    `winner` wins it (the others, out of the game, share the last rank)."""

    def play(winner, users, kind: str = "capitalla"):
        game = rated(users, kind)
        for user in users:
            if user != winner and game.status == Game.Status.ACTIVE:
                game = player_moves.resign(user, game.pk)
        assert game.status == Game.Status.FINISHED
        return game

    return play
