"""Random staked games keep the ledger's invariants."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import get_bot
from engine.registry import RULES
from ledger import chips
from tables.actions import lifecycle, player_moves
from tables.management.commands.verify_ledger import problems
from tables.models import Game

pytestmark = pytest.mark.django_db
# Examples share the test's database, so every player needs a fresh name.
player_numbers = itertools.count()


@settings(max_examples=16, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kind=st.sampled_from(["capitalla", "capit"]),
    seats=st.integers(2, 6),
    careless=st.integers(0, 3),
    ante=st.integers(0, 400),
    resign_at=st.lists(st.integers(0, 60), max_size=2),
    seed=st.integers(0, 10**6),
)
def test_random_staked_games_keep_the_books_balanced(player, kind, seats, careless, ante, resign_at, seed):
    """Every seat a person (a table played for chips seats no bots): the first `careless`
    seats move at random, the others as the normal bot would, so that games also end."""
    info = RULES[kind].info
    seats = min(max(seats, info.min_players), info.max_players)
    users = [player(f"player{next(player_numbers)}") for _ in range(seats)]
    game = lifecycle.create_table(users[0], kind, seats=seats, ante=ante)
    for user in users[1:]:
        lifecycle.join_table(user, game.pk)
    game = lifecycle.start_table(users[0], game.pk)
    rng = random.Random(seed)
    bot = get_bot(kind, "normal")
    by_seat = {s.index: s.user for s in game.seats.all()}
    for step in range(600):
        if game.status != Game.Status.ACTIVE:
            break
        if step in resign_at and by_seat:
            seat = rng.choice(sorted(by_seat))
            game = player_moves.resign(by_seat.pop(seat), game.pk)
            continue
        seat = game.to_act[0]
        if seat < careless:
            move = rng.choice(game.rules.legal_moves(game.state, seat))
        else:
            move = bot.choose(game.state, seat, rng)
        game = player_moves.play_move(by_seat[seat], game.pk, game.version, move)
    assert problems() == []
    if game.status == Game.Status.FINISHED and ante:
        assert chips.pot_of(game).balance() == 0
