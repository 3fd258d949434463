"""The Picks toy (at_once_toy.py): a game with a step where the seats act at once."""

from pathlib import Path

import pytest

from tables.actions import lifecycle
from tests.core.services.at_once_toy import PICKS


@pytest.fixture
def picks(toy_game_with):
    """picks(*seated, bots=0, **table): a dealt Picks table, the first of `seated` hosting
    and the others seated in order, then `bots` bot seats. Every seat is to pick at once."""
    toy_game_with(PICKS, Path(__file__).parent / "templates")

    def deal(*seated, bots=0, **table):
        game = lifecycle.create_table(seated[0], "picks", seats=len(seated) + bots, bots=bots, **table)
        for user in seated[1:]:
            lifecycle.join_table(user, game.pk)
        return lifecycle.start_table(seated[0], game.pk)

    return deal
