"""A few accounts must not bury the worker under bot turns (issue 18, section 3): a burst
of quick games is refused past the limits, each bot turn is published once per (game,
version) however many sweeps pass while the worker lags, and the sweep waits on its own
queue, not behind the bot turns."""

from collections import Counter
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from capitalla_site.celery import app as celery_app
from tables.actions import bot_play, errors, lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db

SWEEP_PERIOD = timedelta(seconds=settings.CELERY_BEAT_SCHEDULE["sweep"]["schedule"])


def queue_of(task_name: str) -> str:
    """The queue a publish of `task_name` goes to (beat and services publish by name)."""
    return celery_app.amqp.router.route({}, task_name)["queue"].name


def test_four_accounts_bursting_quick_games_get_a_bounded_number_of_bot_turns_queued(
    people, enqueued, settings, django_capture_on_commit_callbacks
):
    settings.BOT_GAME_LIMIT = 3  # scaled down: 200 attempts against 4 x 3 games in play
    accounts = people(4)
    refusals = Counter()
    with django_capture_on_commit_callbacks(execute=True):
        for attempt in range(200):
            try:
                lifecycle.quick_game(accounts[attempt % 4], "capit")
            except errors.ServiceError as exc:
                refusals[exc.status] += 1
    games = Game.objects.filter(status=Game.Status.ACTIVE)
    assert games.count() == 4 * 3
    assert refusals == Counter({409: 200 - 12})
    assert len([1 for name, _, _ in enqueued if name == "play_bot_turn"]) <= games.count()

    # The worker lags behind: nothing is played while the sweeper runs every period for a
    # minute and a half. No bot turn is published a second time.
    start = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(1, 19):
            bot_play.requeue_overdue_bot_turns(now=start + n * SWEEP_PERIOD)
    published = Counter(args for name, args, _ in enqueued if name == "play_bot_turn")
    assert published and max(published.values()) == 1


def test_the_sweep_due_during_a_bot_turn_backlog_goes_to_its_own_queue():
    assert settings.CELERY_BEAT_SCHEDULE["sweep"]["task"] == "tables.tasks.sweep"
    sweep, bots, mail = (queue_of(f"tables.tasks.{name}") for name in ("sweep", "play_bot_turn", "send_notification"))
    assert len({sweep, bots, mail}) == 3
