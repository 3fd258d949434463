"""Two moves racing for the same version: the row lock lets exactly one through."""

import threading

import pytest
from django.db import connection, connections

from games import services
from games.models import Event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture(autouse=True)
def _needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL behaviour; set DATABASE_URL to run")


def test_two_concurrent_moves_apply_exactly_one(table, alice):
    moves = table.rules.legal_moves(table.state, 0)[:2]
    barrier = threading.Barrier(len(moves))
    outcomes = []

    def attempt(move):
        try:
            barrier.wait()
            services.play_move(alice, table.pk, 0, move)
            outcomes.append("applied")
        except services.StaleVersion:
            outcomes.append("stale")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=attempt, args=(m,)) for m in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["applied", "stale"]
    table.refresh_from_db()
    assert table.version == 1
    assert Event.objects.filter(game=table).count() == 1
