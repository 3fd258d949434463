"""Shared fixtures: the personas alice (host), bob and charlie, and small table helpers."""

import os
import shutil

import pytest
from hypothesis import settings as hypothesis_settings

from accounts.confirmation import confirm_address
from engine import registry
from mailroom import mails_due
from mailroom import tasks as mail_tasks
from tables import tasks as table_tasks
from tables.actions import bot_play, enqueue, lifecycle
from tables.models import Event, Game
from tables.plugins import PLUGINS, register
from tests.asgi_site import AsgiSite
from tests.mail_servers import SmtpServer
from tests.playing import play_moves
from tests.spare_redis import SpareRedis

# No test times anything (speed is the bench's): a property that takes longer than
# hypothesis's 200 ms on a loaded machine is slow, not failed.
hypothesis_settings.register_profile("capitalla", deadline=None)
hypothesis_settings.load_profile("capitalla")


@pytest.fixture(autouse=True)
def _fast_bots(settings):
    # Tests never wait for the "watch the bot move" pause.
    settings.BOT_MOVE_DELAY = 0


@pytest.fixture(autouse=True)
def _postgres_only(request):
    """A test marked `postgres` (row locks, a race between database sessions) is skipped on
    SQLite, where one write lock serialises everything."""
    if request.node.get_closest_marker("postgres"):
        from django.db import connection

        if connection.vendor != "postgresql":
            pytest.skip("a PostgreSQL behaviour; set DATABASE_URL to run")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Hashing real passwords dominates the run time of the tests that make accounts.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(django_user_model, username: str, display_name: str):
    """A player with a confirmed address (alice@example.com...) and the starting chips."""
    user = django_user_model.objects.create_user(
        username=username,
        password=f"{username}-password-123",
        display_name=display_name,
        email=f"{username}@example.com",
    )
    confirm_address(user)
    return user


@pytest.fixture
def alice(django_user_model):
    return make_user(django_user_model, "alice", "Alice")


@pytest.fixture
def bob(django_user_model):
    return make_user(django_user_model, "bob", "Bob")


@pytest.fixture
def charlie(django_user_model):
    return make_user(django_user_model, "charlie", "Charlie")


@pytest.fixture
def player(django_user_model):
    """A test's own players, made like the personas: player("dave")."""
    return lambda username, display_name="": make_user(django_user_model, username, display_name)


@pytest.fixture
def table(alice, bob):
    """A started two-player Capitalla table: alice at seat 0 (to act first), bob at seat 1."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


class _NoDeclarations:
    """Plays like `bot` but discards instead of declaring, so that a game lasts as many
    turns as a clock test needs, whatever the deal."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, state, seat, rng):
        move = self.bot.choose(state, seat, rng)
        if move.get("type") == "declare":
            return {"type": "discard", "card": move["discard"]}
        return move


@pytest.fixture
def no_declarations(monkeypatch):
    """Bots (and the stand-in bot of a missed turn) never end the game by declaring."""
    real = bot_play.get_bot
    monkeypatch.setattr(bot_play, "get_bot", lambda kind, level: _NoDeclarations(real(kind, level)))


@pytest.fixture
def enqueued(monkeypatch):
    """What the services publish to the broker on commit: (task name, args, countdown)."""
    sent = []

    def send_task(name, args=(), countdown=None, **kwargs):
        sent.append((name.rsplit(".", 1)[-1], tuple(args), countdown))

    monkeypatch.setattr(enqueue.celery_app, "send_task", send_task)
    return sent


# The tasks a worker runs, by the short names `enqueued` records.
TASK_NAMES = {table_tasks: ("play_bot_turn", "sweep", "heartbeat"), mail_tasks: ("send_notification",)}


@pytest.fixture
def run_enqueued(enqueued):
    """Run the enqueued tasks in-process as a worker would (and forget them); or only the
    ones named `kind`. Returns their results."""
    tasks = {name: getattr(module, name) for module in (mail_tasks, table_tasks) for name in TASK_NAMES[module]}

    def run(kind=None):
        todo = [t for t in enqueued if kind is None or t[0] == kind]
        for t in todo:
            enqueued.remove(t)
        return [tasks[name](*args) for name, args, _ in todo]

    return run


@pytest.fixture
def deliver_mails(run_enqueued, django_capture_on_commit_callbacks):
    """deliver_mails(client.post, path, data, ...): make the request, hand over the mails it
    queued when it commits, and send them as the mail worker would. Returns its answer."""

    def deliver(request, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            answer = request(*args, **kwargs)
        run_enqueued("send_notification")
        return answer

    return deliver


@pytest.fixture
def sweep_mails():
    """The sweeper's mail pass at the moment a game's turn mail (or `field`) falls due:
    returns how many mails it enqueued."""

    def sweep(game, field: str = "turn_mail_at") -> int:
        return mails_due.send_due_mails(now=getattr(Game.objects.get(pk=game.pk), field))

    return sweep


@pytest.fixture
def people(django_user_model, alice, bob, charlie):
    """people(n): n players for a table played for chips, which seats no bots: alice, bob,
    charlie, then players made with make_user."""
    crowd = [alice, bob, charlie]

    def first(n: int) -> list:
        while len(crowd) < n:
            number = len(crowd) + 1
            crowd.append(make_user(django_user_model, f"player{number}", f"Player {number}"))
        return crowd[:n]

    return first


@pytest.fixture
def staked(people):
    """staked(kind, seats, ante, **table): a dealt table played for chips, the first of
    people(seats) hosting and the others seated in order."""

    def deal(kind: str, seats: int, ante: int, **table):
        players = people(seats)
        game = lifecycle.create_table(players[0], kind, seats=seats, ante=ante, **table)
        for user in players[1:]:
            lifecycle.join_table(user, game.pk)
        return lifecycle.start_table(players[0], game.pk)

    return deal


@pytest.fixture
def play_out():
    """play_out(game): play it to its end (`play_moves`)."""
    return play_moves


@pytest.fixture
def htmx():
    """Extra headers that make a test-client request look like htmx's."""
    return {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}


@pytest.fixture
def snapshot():
    """snapshot(game) -> what must not change when a request is refused."""

    def take(game):
        fresh = Game.objects.get(pk=game.pk)
        return {
            "version": fresh.version,
            "state": fresh.state,
            "status": fresh.status,
            "events": Event.objects.filter(game=fresh).count(),
            "seats": list(fresh.seats.values_list("index", "user_id")),
        }

    return take


@pytest.fixture
def toy_game_with(settings):
    """toy_game_with(plugin, templates): register a toy game's plugin for this test, with
    the folder of its templates (`<slug>/_play.html`...)."""
    registered = []

    def add(plugin, templates):
        assert plugin.slug not in PLUGINS, "a toy must not replace a real game"
        engine = settings.TEMPLATES[0]
        settings.TEMPLATES = [{**engine, "DIRS": [*engine["DIRS"], templates]}]
        register(plugin)
        registered.append(plugin.slug)
        return plugin

    yield add
    for slug in registered:
        del PLUGINS[slug], registry.RULES[slug], registry.BOTS[slug]


@pytest.fixture
def smtp_server(settings):
    """The site sends its mail through a real SMTP server (aiosmtpd) that keeps it."""
    server = SmtpServer()
    server.start()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": server.port, "use_tls": False, "timeout": 10},
        }
    }
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_redis(settings):
    """Live news on, through a redis-server of the test's own (which it may kill)."""
    if not shutil.which("redis-server"):
        if os.environ.get("CI"):
            pytest.fail("CI must run the live news tests: install redis-server")
        pytest.skip("needs redis-server")
    server = SpareRedis()
    server.start()
    settings.REDIS_URL = server.url
    settings.LIVE_PUSH = True
    settings.LIVE_CHANNEL = "capitalla.live.test"
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.kill()


@pytest.fixture
def asgi_site(live_redis):
    """The site under uvicorn (ASGI), on the test database, with live news through
    `live_redis`: the test needs `django_db(transaction=True)` for the server to see its data."""
    running = AsgiSite().start()
    yield running
    running.stop()
