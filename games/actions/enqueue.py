"""Handing work to the broker (Celery): a mail's row queued for the mail worker, mails the
sweeper publishes, the bot turns a change asks for on commit, and the log of the broker's
outages. A broker that is down
never undoes a change: what it refused is left due for the sweeper to send again."""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from capitalla_site.celery import app as celery_app
from capitalla_site.outages import Outage
from games.models import Game, Notification

logger = logging.getLogger(__name__)

# How long a mail's row waits for the worker that was handed it before it is due again.
QUEUE_LEASE = timedelta(minutes=5)


def publish_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0) -> bool:
    """Hand a mail to the broker now (only the sweeper sends mails, never a move), for its
    try number `attempt + 1`; False if the broker is unreachable. The task re-reads
    everything and claims the try on a Notification row first, so publishing one twice
    sends it once."""
    retry = (attempt,) if attempt else ()  # a first try's message is as it always was
    return _enqueue("games.tasks.send_notification", args=(kind, user_id, game_id, version, *retry))


def queue_mail(kind: str, user, game, version: int) -> None:
    """A mail as its row, handed to the mail worker once the transaction commits. The row
    is the mail's record from the start, due after QUEUE_LEASE as a row the worker has yet
    to claim (the sweeper does not hand it over a second time meanwhile); if the broker
    refuses the hand-over it is due at once, for the sweeper's pass (`retry_due_mails`)."""
    row, _ = Notification.objects.get_or_create(
        user=user, game=game, kind=kind, version=version, defaults={"next_try_at": timezone.now() + QUEUE_LEASE}
    )
    game_id = game.pk if game is not None else None

    def hand_over():
        if not publish_notification(kind, user.pk, game_id, version):
            Notification.objects.filter(pk=row.pk, attempts=0, sent_at=None).update(next_try_at=timezone.now())

    transaction.on_commit(hand_over)


broker_outage = Outage(
    logger,
    "Tasks not enqueued (%s): the sweeper sends them again once the broker is back.",
    "Tasks enqueued again after %.0f s.",
)


def _enqueue(task: str, **options) -> bool:
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
        if not _enqueue("games.tasks.play_bot_turn", args=(game_id, version), countdown=delay):
            retry_at = timezone.now() + timedelta(seconds=settings.BOT_TURN_GRACE)
            Game.objects.filter(pk=game_id, version=version, bot_due_at__isnull=False).update(bot_due_at=retry_at)

    transaction.on_commit(send)
