"""Two moves racing for the same version: the row lock lets exactly one through."""

import pytest

from tables.actions import player_moves
from tables.models import Event
from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_two_concurrent_moves_apply_exactly_one(table, alice):
    moves = table.rules.legal_moves(table.state, 0)[:2]
    outcomes = run_together(*(lambda m=m: player_moves.play_move(alice, table.pk, 0, m) and "applied" for m in moves))
    assert sorted(outcomes) == ["StaleVersion", "applied"]
    table.refresh_from_db()
    assert table.version == 1
    assert Event.objects.filter(game=table).count() == 1
