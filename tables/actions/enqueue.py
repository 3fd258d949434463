"""Handing work to the broker (Celery): the bot turns a change asks for on commit, any task
another app sends (`send_task`), and the log of the broker's outages. A broker that is down
never undoes a change: what it refused is left due for the sweeper to send again."""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from capitalla_site.celery import app as celery_app
from capitalla_site.outages import Outage
from tables.models import Game

logger = logging.getLogger(__name__)

broker_outage = Outage(
    logger,
    "Tasks not enqueued (%s): the sweeper sends them again once the broker is back.",
    "Tasks enqueued again after %.0f s.",
)


def send_task(task: str, **options) -> bool:
    """Hand a task to the broker; False if it is unreachable (the broker's socket timeouts
    bound the wait), which each caller leaves for the sweeper to send again."""
    try:
        celery_app.send_task(task, **options)
    except Exception as exc:
        broker_outage.failed(exc)
        return False
    broker_outage.worked()
    return True


def enqueue_bot_turn(game_id: int, version: int, delay: float = 0) -> None:
    """Ask a worker for the bot's move once this transaction commits. A broker that is
    down must not undo the move that led here: the turn is marked due for the sweeper
    to send again after BOT_TURN_GRACE."""

    def send():
        if not send_task("tables.tasks.play_bot_turn", args=(game_id, version), countdown=delay):
            retry_at = timezone.now() + timedelta(seconds=settings.BOT_TURN_GRACE)
            Game.objects.filter(pk=game_id, version=version, bot_due_at__isnull=False).update(bot_due_at=retry_at)

    transaction.on_commit(send)
