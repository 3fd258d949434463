"""The sweeper's probe of each worker queue: a heartbeat task sent down the queue every
HEARTBEAT_INTERVAL, and the time a worker ran it, on the queue's QueueHeartbeat row. The
health report (capitalla_site/health.py) reads them: a queue not heard from for a while has
no worker, even while it has no real work waiting."""

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from capitalla_site.celery import app as celery_app
from tables.models import QueueHeartbeat

logger = logging.getLogger(__name__)

HEARTBEAT_INTERVAL = timedelta(seconds=30)
# How late background work may run before the site counts as unhealthy: a few sweeps of
# 5 s, plus room for a busy worker. A heartbeat not run this long after it was sent is
# sent again.
LAG_ALLOWED = timedelta(minutes=2)


def send_heartbeats(now=None) -> int:
    """The sweeper's pass: a heartbeat down each queue whose last one ran HEARTBEAT_INTERVAL
    ago (or that never had one); one not run LAG_ALLOWED after it was sent is sent again.
    Each is claimed by a conditional UPDATE, so two sweepers send it once. Returns how many
    were sent."""
    now = now or timezone.now()
    answered = Q(seen_at__gte=F("sent_at"), sent_at__lte=now - HEARTBEAT_INTERVAL)
    due = Q(sent_at__isnull=True) | answered | Q(sent_at__lte=now - LAG_ALLOWED)
    sent = 0
    for queue in settings.WORKER_QUEUES:
        QueueHeartbeat.objects.get_or_create(queue=queue)
        if not QueueHeartbeat.objects.filter(due, queue=queue).update(sent_at=now):
            continue
        try:
            celery_app.send_task("tables.tasks.heartbeat", args=(queue,), queue=queue)
        except Exception:  # the broker check says so; the next pass sends it again
            logger.warning("Could not send a heartbeat down the %s queue", queue)
            continue
        sent += 1
    return sent


def heartbeat_ran(queue: str) -> None:
    QueueHeartbeat.objects.filter(queue=queue).update(seen_at=timezone.now())
