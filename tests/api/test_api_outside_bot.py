"""examples/outside_bot.py plays a whole game of every game the site has, against the
site's bots, through the API alone, against the site under a real server (uvicorn). It
knows no game beforehand: it reads each one's players and short form from GET /kinds.

The site's bots need a worker: here each bot turn the site enqueues runs at once, in the
server, once the move that made it due is committed, as a worker would run it (the task
itself, tables.tasks.play_bot_turn); with the deal's seed fixed and the outside bot's too,
every run plays the same game."""

import runpy
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from api import tokens
from tables.actions import enqueue, lifecycle
from tables.models import Game
from tables.plugins import PLUGINS

pytestmark = pytest.mark.django_db(transaction=True)

SCRIPT = Path(django_settings.BASE_DIR) / "examples" / "outside_bot.py"


@pytest.fixture
def worker_in_the_server(monkeypatch):
    """Every task the site publishes runs at once (bot turns; mails are not due here)."""
    import tables.tasks

    def send_task(name, args=(), countdown=None, **kwargs):
        getattr(tables.tasks, name.rsplit(".", 1)[-1])(*args)

    monkeypatch.setattr(enqueue.celery_app, "send_task", send_task)
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 20261124)


def test_the_example_plays_every_game_to_its_end(asgi_site, worker_in_the_server, alice, settings, capsys):
    settings.API_READS_PER_MINUTE = settings.API_WRITES_PER_MINUTE = 100_000
    settings.BOT_GAME_LIMIT = len(PLUGINS)
    bot = runpy.run_path(str(SCRIPT))
    secret = tokens.create(alice, "outside bot", ["read", "play"])[1]
    for kind in PLUGINS:
        assert bot["main"](["--site", asgi_site.url, "--token", secret, "--game", kind, "--seed", "1"]) == 0
        game = Game.objects.filter(kind=kind).get()
        assert game.status == Game.Status.FINISHED and game.result, kind
        printed = capsys.readouterr().out
        assert f"Game #{game.pk} over" in printed and "Result:" in printed
        assert game.events.filter(seat=0).exclude(move__type="timeout").exists()
