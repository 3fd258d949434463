"""Celery tasks. Each one re-reads the database and is harmless when run twice."""

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError

from capitalla_site.outages import Outage
from tables import heartbeats
from tables.actions import absences, bot_play, turn_timeouts
from tables.signals import sweeping

logger = logging.getLogger(__name__)

# While the database is down, a line when the outage starts and one when it ends, not a
# traceback every 5 s: beat's next tick sweeps again anyway.
database_outage = Outage(
    logger,
    "Sweep cannot reach the database (%s): it tries again at each beat tick.",
    "Sweep reaches the database again after %.0f s.",
)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turn(game_id: int, version: int) -> bool:
    return bot_play.play_bot_turn(game_id, version)


@shared_task(ignore_result=True)
def sweep() -> dict | None:
    """Beat runs this every few seconds: expired turn clocks get the table's timeout
    policy, announced absences start and end (stopping and starting their players'
    clocks), due turn mails, reminders, results and daily digests are enqueued, mails due
    for another try are handed over again, overdue bot turns are re-enqueued, and a
    heartbeat goes down each worker queue. Returns counts, or None when the database
    could not be reached."""
    try:
        done = sweep_due_work()
    except (OperationalError, InterfaceError) as exc:
        database_outage.failed(exc)
        return None
    database_outage.worked()
    return done


def sweep_due_work() -> dict:
    done = {
        "absences": absences.apply_due_absences(),
        "timeouts": turn_timeouts.expire_overdue_turns(),
        "bot_turns": bot_play.requeue_overdue_bot_turns(),
        "heartbeats": heartbeats.send_heartbeats(),
    }
    for _receiver, counts in sweeping.send(sender=sweep):  # the mail's part: mailroom/tasks.py
        done |= counts
    return done


@shared_task(ignore_result=True)
def heartbeat(queue: str) -> None:
    """Sent down each worker queue by the sweeper: a worker serves `queue` (health)."""
    heartbeats.heartbeat_ran(queue)
