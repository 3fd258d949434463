"""Mails handed to the mail worker: a mail's row, queued when a change makes it due, and
the mails the sweeper publishes. The row is the mail's record from the start, so a broker
that is down loses no mail: the sweeper hands it over again (`delivery.retry_due_mails`)."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from mailroom.models import Notification
from tables.actions.enqueue import send_task

# How long a mail's row waits for the worker that was handed it before it is due again.
QUEUE_LEASE = timedelta(minutes=5)


def publish_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0) -> bool:
    """Hand a mail to the broker now (only the sweeper sends mails, never a move), for its
    try number `attempt + 1`; False if the broker is unreachable. The task re-reads
    everything and claims the try on a Notification row first, so publishing one twice
    sends it once."""
    retry = (attempt,) if attempt else ()  # a first try's message is as it always was
    return send_task("mailroom.tasks.send_notification", args=(kind, user_id, game_id, version, *retry))


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
