"""The sweeper's re-enqueue of bot turns: a turn the broker took is not sent again while
the worker may still be busy with a backlog; one the broker refused goes again soon; one
lost after all goes again once per BOT_TURN_RESEND; and a sweep sends a bounded number."""

from collections import Counter
from datetime import timedelta

import pytest
from django.conf import settings

from tables.actions import bot_play, enqueue, lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_tables(alice, enqueued, settings, django_capture_on_commit_callbacks):
    """make(n): n bot-only tables dealt, each with its first bot turn published."""
    settings.BOT_GAME_LIMIT = settings.OPEN_TABLE_LIMIT = 100

    def make(n: int) -> list[Game]:
        with django_capture_on_commit_callbacks(execute=True):
            return [
                lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=2).pk)
                for _ in range(n)
            ]

    return make


def bot_turns(enqueued) -> Counter:
    return Counter(args for name, args, _ in enqueued if name == "play_bot_turn")


def sweep_at(now, django_capture_on_commit_callbacks, **kwargs) -> int:
    with django_capture_on_commit_callbacks(execute=True):
        return bot_play.requeue_overdue_bot_turns(now=now, **kwargs)


def test_a_published_turn_is_not_sent_again_while_the_worker_lags(
    bot_tables, enqueued, django_capture_on_commit_callbacks
):
    (game,) = bot_tables(1)
    for seconds in range(5, 120, 5):  # every sweep for two minutes (the default BOT_TURN_RESEND)
        assert sweep_at(game.started_at + timedelta(seconds=seconds), django_capture_on_commit_callbacks) == 0
    assert bot_turns(enqueued) == {(game.pk, game.version): 1}


def test_a_published_turn_never_played_is_sent_again_once_per_resend_period(
    bot_tables, enqueued, django_capture_on_commit_callbacks
):
    (game,) = bot_tables(1)
    resend = timedelta(seconds=settings.BOT_TURN_RESEND)
    later = game.bot_due_at + timedelta(seconds=1)
    assert sweep_at(later, django_capture_on_commit_callbacks) == 1
    assert sweep_at(later + resend / 2, django_capture_on_commit_callbacks) == 0
    assert sweep_at(later + resend + timedelta(seconds=1), django_capture_on_commit_callbacks) == 1
    assert bot_turns(enqueued) == {(game.pk, game.version): 3}


def test_a_turn_the_broker_refused_is_sent_again_after_the_grace(
    alice, monkeypatch, enqueued, bot_tables, django_capture_on_commit_callbacks, caplog
):
    recorded = enqueue.celery_app.send_task

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    monkeypatch.setattr(enqueue.broker_outage, "since", None)
    game, _also_refused = bot_tables(2)
    monkeypatch.setattr(enqueue.celery_app, "send_task", recorded)
    game.refresh_from_db()
    assert game.bot_due_at <= game.started_at + timedelta(seconds=settings.BOT_TURN_GRACE + 1)
    assert sweep_at(game.bot_due_at + timedelta(seconds=1), django_capture_on_commit_callbacks, limit=1) == 1
    assert bot_turns(enqueued) == {(game.pk, game.version): 1}
    # The log says when the broker went and when it came back, not each turn it refused.
    said = [r.getMessage() for r in caplog.records if r.name == enqueue.__name__]
    assert said[0] == "Tasks not enqueued (ConnectionError): the sweeper sends them again once the broker is back."
    assert len(said) == 2 and said[1].startswith("Tasks enqueued again after ")


def test_a_sweep_sends_at_most_its_limit_oldest_first(bot_tables, enqueued, django_capture_on_commit_callbacks):
    games = bot_tables(3)
    enqueued.clear()
    later = max(g.bot_due_at for g in games) + timedelta(seconds=1)
    assert sweep_at(later, django_capture_on_commit_callbacks, limit=2) == 2
    assert set(bot_turns(enqueued)) == {(g.pk, g.version) for g in games[:2]}
    assert sweep_at(later, django_capture_on_commit_callbacks, limit=2) == 1
