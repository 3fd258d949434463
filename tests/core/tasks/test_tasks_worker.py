"""A real Celery worker process on Redis plays bot turns from the real broker."""

import os
import time

import celery_processes
import pytest
from celery_processes import wait_for
from django.db import connection

from capitalla_site.celery import app as celery_app
from tables.actions import lifecycle, player_moves
from tables.models import Event, Game
from tables.replay import replay

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery_worker]


@pytest.fixture
def worker():
    if not os.environ.get("REDIS_URL") or connection.vendor != "postgresql":
        if os.environ.get("CI"):
            pytest.fail("CI must run the worker tests: set REDIS_URL and DATABASE_URL (PostgreSQL)")
        pytest.skip("needs REDIS_URL and a PostgreSQL DATABASE_URL")
    celery_app.control.purge()
    proc = celery_processes.worker()
    try:
        yield proc
    finally:
        celery_processes.stop(proc)


def test_a_worker_plays_a_bot_table_to_the_end(alice, worker):
    game = lifecycle.create_table(alice, "capitalla", seats=4, bots=4)
    game = lifecycle.start_table(alice, game.pk)
    assert wait_for(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED)
    game.refresh_from_db()
    assert game.result["reason"] in ("declared", "drawn")
    assert Event.objects.filter(game=game).count() == game.version
    assert replay(game) == game.state


def test_a_bot_task_delivered_twice_applies_one_move(alice, worker):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    for _ in range(2):
        game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    # The move above already enqueued the bot's turn at version 2; deliver it twice more.
    for _ in range(2):
        celery_app.send_task("tables.tasks.play_bot_turn", args=(game.pk, 2))
    # The bot's turn is two moves: draw, then discard or (about one deal in thirty) declare.
    assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 4)
    time.sleep(2)  # give the duplicates time to run: they must do nothing
    game.refresh_from_db()
    assert game.version == 4
    assert Event.objects.filter(game=game).count() == 4
