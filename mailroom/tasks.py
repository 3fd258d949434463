"""The mail worker's task, and the sweeper's mail pass: turn mails, reminders, results
and digests that came due, and mails due for another try."""

from celery import shared_task
from django.dispatch import receiver

from mailroom import mails_due
from mailroom.notifications import delivery, sending
from tables.signals import sweeping


# No retries of its own: a refused mail waits on its Notification row, and the sweeper
# hands it over again when its next try is due (over a day, not the task's seconds).
@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def send_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0) -> bool:
    """One try of one mail, made at most once: see sending.send_notification."""
    return sending.send_notification(kind, user_id, game_id, version, attempt)


# The same task under its name from before the mail had an app of its own: a turn mail
# the sweeper published just before an upgrade is sent by the new workers, not dropped as
# unknown (docs/decisions/0042-apps-by-layer.md). Remove it in the release after.
shared_task(name="games.tasks.send_notification", acks_late=True, reject_on_worker_lost=True, ignore_result=True)(
    send_notification.run
)


@receiver(sweeping)
def sweep_mail(sender, **kwargs) -> dict:
    return {
        "mails": mails_due.send_due_mails(),
        "digests": mails_due.send_due_digests(),
        "mail_retries": delivery.retry_due_mails(),
    }
