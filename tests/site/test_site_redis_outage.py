"""Redis down is not the site down. A redis-server of the test's own is everything the
settings make of REDIS_URL (the broker; the cache and the sessions too, were they put
there again); the test plays, kills it, and the site keeps answering; restarted, the
worker and beat pick up where they were."""

import os
import runpy
import shutil
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import celery_processes
import pytest
import redis
from celery_processes import wait_for
from django import db
from django.conf import settings as django_settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from kombu import pools

from capitalla_site.celery import app as celery_app
from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.spare_redis import SpareRedis

pytestmark = [pytest.mark.django_db(transaction=True)]

SETTINGS_FILE = Path(django_settings.BASE_DIR) / "capitalla_site" / "settings.py"


def needs(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the Redis outage tests: {reason}")
    pytest.skip(reason)


BROKER_SETTINGS = ("broker_url", "broker_transport", "broker_transport_options")


@contextmanager
def broker_as(configured: dict):
    """Celery's connections and producers go to the broker of these settings (its URL,
    transport and options) for the duration."""

    def reset():
        # Celery's pool is kombu's, kept per broker URL in kombu's own registry: closing it
        # there too (pools.reset) lets the next test under the old URL open a new one; a
        # pool closed but still registered answers "Acquire on closed pool".
        pools.reset()
        celery_app._pool = None
        celery_app.amqp._producer_pool = None

    previous = {name: celery_app.conf[name] for name in BROKER_SETTINGS}
    reset()
    celery_app.conf.update({name: configured[f"CELERY_{name.upper()}"] for name in BROKER_SETTINGS})
    try:
        yield
    finally:
        reset()
        celery_app.conf.update(previous)


@pytest.fixture
def spare_redis(settings, monkeypatch):
    """The site as `settings.py` makes it with REDIS_URL pointing at a redis-server of the
    test's own (cache, sessions, broker), which the test may kill and start again."""
    if not shutil.which("redis-server"):
        needs("no redis-server on PATH")
    server = SpareRedis()
    server.start()
    monkeypatch.setenv("REDIS_URL", server.url)
    configured = runpy.run_path(str(SETTINGS_FILE))
    for name in ("CACHES", "SESSION_ENGINE"):
        if name in configured:
            setattr(settings, name, configured[name])
    try:
        with broker_as(configured):
            yield server
    finally:
        server.kill()


def login(client, username="alice"):
    return client.post(reverse("login"), {"username": username, "password": f"{username}-password-123"})


def move(client, game):
    """The player to act draws or discards through the move view, as the page's form does."""
    game = Game.objects.get(pk=game.pk)
    if game.state["phase"] == "pick":
        body = {"version": game.version, "type": "draw", "from": "pile"}
    else:
        body = {"version": game.version, "type": "discard", "card": game.state["hands"][game.to_act[0]][0]}
    return client.post(reverse("move", args=[game.pk]), body)


def test_signed_in_pages_moves_login_and_logout_keep_answering_while_redis_is_down(client, alice, spare_redis):
    assert login(client).status_code == 302
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    assert move(client, game).status_code == 302  # alice draws

    spare_redis.kill()
    assert client.get(reverse("lobby")).status_code == 200
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    assert move(client, game).status_code == 302  # alice discards: the bot's turn cannot be sent
    game.refresh_from_db()
    assert game.version == 2 and game.bot_due_at is not None  # left for the sweeper to send again
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("my_games")).status_code == 302  # signed out: to the login page
    assert login(client).status_code == 302
    assert client.get(reverse("my_games")).status_code == 200
    health = client.get(reverse("health_check"))
    assert health.status_code == 503 and health.json()["broker"] == "unreachable"

    spare_redis.start()
    assert client.get(reverse("health_check")).json()["broker"] == "ok"


def while_redis_hangs(server, request, timeout: float) -> list:
    """`request()`'s answer, asked in a thread while `server` accepts connections and
    answers nothing; [] if it had none after `timeout` seconds."""
    answers = []

    def ask():
        try:
            answers.append(request())
        finally:
            db.connections.close_all()  # the thread's own: the test database is dropped after

    server.process.send_signal(signal.SIGSTOP)
    try:
        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        asking.join(timeout=timeout)
    finally:
        server.process.send_signal(signal.SIGCONT)
    return answers


def test_the_health_check_says_503_within_seconds_when_redis_stops_answering(client, spare_redis):
    # 15 s: the bound; the check itself gives up after 2 s.
    answers = while_redis_hangs(spare_redis, lambda: client.get(reverse("health_check")), timeout=15)
    assert answers, "/healthz/ still waits on a broker that does not answer"
    assert answers[0].status_code == 503 and answers[0].json()["broker"] == "unreachable"


def test_a_move_does_not_wait_on_a_redis_that_stopped_answering(client, alice, spare_redis):
    """Found by a QA pass: the bot turn a move hands on was published with no socket
    timeout, so it waited for as long as Redis hung, holding its database connection; a
    few such requests emptied the pool, and every page that reads the database answered
    500."""
    assert login(client).status_code == 302
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    assert move(client, game).status_code == 302  # alice draws
    # 30 s: far more than the publish's 1 s, to tell a hang from a slow answer.
    answers = while_redis_hangs(spare_redis, lambda: move(client, game), timeout=30)
    assert answers, "the move still waits on a broker that does not answer"
    assert answers[0].status_code == 302
    game.refresh_from_db()
    assert game.version == 2 and game.bot_due_at is not None  # left for the sweeper to send again


# The deals of this test: fixed, so that the bot cannot end the game on its first turn.
SEED = 8_135_270_411_093_472_113


@pytest.mark.celery_worker
def test_once_redis_is_back_the_worker_plays_the_pending_bot_turn_and_the_sweeper_catches_up(
    alice, bob, spare_redis, settings, tmp_path, monkeypatch
):
    if connection.vendor != "postgresql":
        needs("the worker needs a PostgreSQL DATABASE_URL")
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)  # a deal no hand wins at once
    settings.BOT_TURN_GRACE = 1  # the sweeper sends a refused bot turn again 1 s later
    env = {"REDIS_URL": spare_redis.url, "BOT_TURN_GRACE": "1"}
    processes = [
        celery_processes.worker(**env),
        celery_processes.celery("beat", "--loglevel=warning", "--schedule", str(tmp_path / "beat"), **env),
    ]
    try:
        game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
        for _ in range(2):  # alice draws and discards; the worker plays the bot's turn
            game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
        assert wait_for(lambda: Game.objects.get(pk=game.pk).to_act == [0])  # the bot's turn is done
        clocked = lifecycle.create_table(alice, "capitalla", seats=2)
        lifecycle.join_table(bob, clocked.pk)
        clocked = lifecycle.start_table(alice, clocked.pk)

        spare_redis.kill()
        game = Game.objects.get(pk=game.pk)
        for _ in range(2):  # the bot's turn comes while nobody can send it
            game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
        assert game.bot_due_at is not None
        Game.objects.filter(pk=clocked.pk).update(deadline=timezone.now())  # alice's clock runs out

        spare_redis.start()  # empty: whatever the broker held is gone
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= game.version + 2)
        assert wait_for(lambda: Game.objects.get(pk=clocked.pk).version > clocked.version)  # swept
        assert all(process.poll() is None for process in processes)  # nobody had to restart them
    finally:
        for process in processes:
            celery_processes.stop(process)


@pytest.mark.celery_worker
def test_a_worker_holding_a_bot_turn_when_redis_goes_lives_on_and_plays_it_later(
    alice, spare_redis, settings, tmp_path, monkeypatch
):
    # A bot turn waits out its countdown in the worker, unacknowledged. kombu 5.7 closing
    # that channel after the broker went raised an AttributeError and the worker exited.
    if connection.vendor != "postgresql":
        needs("the worker needs a PostgreSQL DATABASE_URL")
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    settings.BOT_MOVE_DELAY = 20  # the worker holds the turn this long before playing it
    settings.BOT_TURN_RESEND = 1  # then the sweeper sends it again, lost with the old Redis
    env = {"REDIS_URL": spare_redis.url, "BOT_TURN_RESEND": "1"}
    bots_worker = celery_processes.worker(**env)
    beat = celery_processes.celery("beat", "--loglevel=warning", "--schedule", str(tmp_path / "beat"), **env)
    try:
        assert wait_for(lambda: celery_app.control.ping(timeout=0.5), timeout=60)  # consuming
        game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
        for _ in range(2):  # alice draws and discards: the bot's turn goes to the worker
            game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
        assert wait_for(lambda: spare_redis_unacked(spare_redis) == 1, timeout=30)  # the worker holds it

        spare_redis.kill()
        time.sleep(3)  # the worker finds the broker gone
        assert bots_worker.poll() is None
        spare_redis.start()
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= game.version + 2, timeout=90)
        assert bots_worker.poll() is None
    finally:
        celery_processes.stop(bots_worker)
        celery_processes.stop(beat)


def spare_redis_unacked(server) -> int:
    """The messages a worker took from the broker and has not acknowledged."""
    return redis.Redis.from_url(server.url).hlen("unacked")


def test_workers_and_beat_retry_the_broker_for_as_long_as_it_is_gone():
    # Celery's default gives up after 100 tries (about 48 minutes) and the worker exits.
    assert celery_app.conf.broker_connection_retry is True
    assert celery_app.conf.broker_connection_max_retries is None
    assert celery_app.conf.broker_channel_error_retry is True
