"""Sending a mail at most once, and trying again: each try is claimed on the mail's
`Notification` row (unique on user, game, kind, version) by a conditional UPDATE that one
delivery of the task wins. A mail server that refuses or cannot be reached leaves the row
waiting for its next try (RETRY_DELAYS, over a day), which the sweeper offers again
(`retry_due_mails`); a mail that cannot be built, or is refused for more than a day, is
marked failed on its row and logged."""

import logging
import smtplib
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from mailroom import queue
from mailroom.models import Notification
from mailroom.notifications.building import build
from mailroom.queue import QUEUE_LEASE

logger = logging.getLogger(__name__)


# Failures a later try may not meet (the SMTP server, the network; smtplib's errors are
# OSErrors): the mail is tried again. Any other failure is recorded on the Notification.
TRANSIENT_MAIL_ERRORS = (smtplib.SMTPException, OSError)


# How long a mail waits after each refused try before the next one: a mail server down
# for a day (a weekend's outage) delays the mail, and after the last the mail is marked
# failed. The wait after a try is claimed with it, so a worker that dies while sending
# leaves the mail due again then; it must outlast the SMTP timeout (20 s by default).
RETRY_DELAYS = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=6),
    timedelta(hours=12),
    timedelta(hours=12),
)


def wait_for_quiet_hours(user, game, kind, version, attempt, until) -> bool:
    """Put the mail's row off until the player's quiet hours end, its try not taken: the
    sweeper's `retry_due_mails` offers it again then, and it goes if it is still news."""
    with transaction.atomic():
        row, _ = Notification.objects.get_or_create(
            user=user, game=game, kind=kind, version=version, defaults={"next_try_at": until}
        )
    Notification.objects.filter(pk=row.pk, attempts=attempt, sent_at=None, failed_at=None).update(next_try_at=until)
    return False


def claim_and_send(user, game, kind, version, attempt, template, compose, game_mail=True) -> bool:
    """Claim the try, then write the mail (`compose()` -> subject, context; so magic links
    and reset tokens are made only for a mail that goes out) and send it."""
    claim = _claim_try(user, game, kind, version, attempt)
    if claim is None:
        return False  # sent, failed, or this try taken by another delivery of the task
    try:
        with timezone.override(user.time_zone):  # its dates and hours in the player's zone
            mail = build(user, template, *compose(), game_mail=game_mail)
        mail.send()
    except TRANSIENT_MAIL_ERRORS as exc:
        _refused(claim, exc)
        return False
    except Exception as exc:  # a retry would fail the same way: keep the row as the trace
        logger.exception("Mail %s (notification %s) could not be built or sent", kind, claim.pk)
        _settle(claim, failed_at=timezone.now(), error=_error_text(exc))
        return False
    _settle(claim, sent_at=timezone.now(), error="")
    return True


def _claim_try(user, game, kind, version, attempt) -> Notification | None:
    """The mail's row (made now for a first try), with try `attempt + 1` claimed by a
    conditional UPDATE that one delivery of the task wins; None if it lost. The claim
    also sets the next try, so a worker that dies while sending leaves the mail due then
    (and a new row is due soon even before its claim)."""
    with transaction.atomic():  # get_or_create settles a race on the unique row
        row, _ = Notification.objects.get_or_create(
            user=user, game=game, kind=kind, version=version, defaults={"next_try_at": timezone.now() + QUEUE_LEASE}
        )
    tries = attempt + 1
    claimed = Notification.objects.filter(pk=row.pk, attempts=attempt, sent_at=None, failed_at=None).update(
        attempts=tries, next_try_at=timezone.now() + retry_delay(tries)
    )
    if not claimed:
        return None
    row.attempts = tries
    return row


def retry_delay(tries: int) -> timedelta:
    """How long after try number `tries` the next one comes."""
    return RETRY_DELAYS[min(tries, len(RETRY_DELAYS)) - 1]


def _refused(claim, exc) -> None:
    """The mail server refused the try or could not be reached: the row waits for its next
    try, which the claim set; after the last one, the mail has failed."""
    if claim.attempts > len(RETRY_DELAYS):
        logger.error(
            "Mail %s (notification %s) refused on all %s tries, given up: %s", claim.kind, claim.pk, claim.attempts, exc
        )
        _settle(claim, failed_at=timezone.now(), error=_error_text(exc))
        return
    logger.warning(
        "Mail %s (notification %s) refused on try %s, to be tried again in %s: %s",
        claim.kind,
        claim.pk,
        claim.attempts,
        retry_delay(claim.attempts),
        exc,
    )
    Notification.objects.filter(pk=claim.pk, attempts=claim.attempts).update(error=_error_text(exc))


def _settle(claim, **fields) -> None:
    Notification.objects.filter(pk=claim.pk).update(next_try_at=None, **fields)


def _error_text(exc) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def retry_due_mails(now=None, limit: int = 500) -> int:
    """The sweeper's pass over mails due again: each is claimed by a conditional UPDATE
    (its next try moves QUEUE_LEASE ahead, so it is handed to one task at a time) and
    handed to the worker with the number of tries made. A mail the broker refused stays
    due. Returns how many were handed over."""
    now = now or timezone.now()
    due = list(
        Notification.objects.filter(next_try_at__lte=now)
        .order_by("next_try_at")
        .values_list("pk", "user_id", "game_id", "kind", "version", "attempts", "next_try_at")[:limit]
    )
    handed = 0
    for pk, user_id, game_id, kind, version, attempts, due_at in due:
        if not Notification.objects.filter(pk=pk, next_try_at=due_at).update(next_try_at=now + QUEUE_LEASE):
            continue  # another sweeper took it
        if queue.publish_notification(kind, user_id, game_id, version, attempt=attempts):
            handed += 1
        else:
            Notification.objects.filter(pk=pk, next_try_at=now + QUEUE_LEASE).update(next_try_at=due_at)
    return handed
