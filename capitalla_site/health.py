"""What an operator's monitor asks the site: can it reach its database and its broker, and
is the background work keeping up?

Beat's sweeper and the worker leave traces in the database, so their health is read from
there: a turn clock, a mail or a digest still due well after its time means the sweeper is
not running; a bot that has not moved well after its turn came means the worker (or the
broker) is not doing its job. Mails that failed to build or send lately, and mails late
because the mail server refuses them, are counted too, for a person to look at.

Undone work shows a dead worker only while there is work for it: a dead mail worker
showed nowhere, since the sweeper hands a mail's first try to the broker and nothing is
late before a worker takes it. So the sweeper also sends a heartbeat task down each worker
queue every HEARTBEAT_INTERVAL; the worker that runs it notes the time on the queue's
QueueHeartbeat row, and a queue not heard from for LAG_ALLOWED is reported, idle or not.
"""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.db.models import F, Max, Q
from django.db.models.functions import Coalesce
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.models import Absence
from capitalla_site.celery import app as celery_app
from capitalla_site.db_timeouts import bound_transaction
from mailroom.mails_due import DUE_MAILS
from mailroom.models import Notification
from tables.heartbeats import LAG_ALLOWED
from tables.models import Game, QueueHeartbeat

MAIL_FAILURE_WINDOW = timedelta(hours=24)
# The report comes within 3 s whatever is down (a monitor's usual timeout): the broker may
# take a second to accept a connection and one to answer it (Redis's PING), while the
# database's queries run beside it, each bounded, and a lock waited for half a second.
BROKER_CHECK_SECONDS = 1
DATABASE_BOUNDS = (1.0, 0.5)  # statement, lock wait (s)
# The broker's probe runs beside the queries; its thread holds no database connection.
_broker_probe = ThreadPoolExecutor(max_workers=2, thread_name_prefix="healthz-broker")


def overdue_work(now=None) -> dict[str, int]:
    """How many things the sweeper or the worker should have done LAG_ALLOWED ago."""
    now = now or timezone.now()
    late = now - LAG_ALLOWED
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    bot_late = late - timedelta(seconds=settings.BOT_MOVE_DELAY + settings.BOT_TURN_GRACE)
    return {
        "expired_turns": active.filter(deadline__lt=late).count(),
        "mails": sum(
            Game.objects.filter(status=status, **{f"{field}__lt": late}).count() for field, _, status in DUE_MAILS
        )
        + Notification.objects.filter(next_try_at__lt=late).count(),
        "digests": get_user_model().objects.filter(digest_due_at__lt=late).count(),
        # Absences whose start or end the sweeper has not applied: clocks that should stand, or run.
        "absences": Absence.objects.filter(
            Q(begun=False, starts_at__lt=late) | Q(begun=True, over=False, ends_at__lt=late)
        ).count(),
        "bot_turns": (
            active.filter(bot_due_at__isnull=False)
            .annotate(last_move_at=Coalesce(Max("events__created_at"), "started_at"))
            .filter(last_move_at__lt=bot_late)
            .count()
        ),
    }


def silent_queues(now=None) -> list[str]:
    """The queues whose heartbeat last ran more than LAG_ALLOWED ago, or never ran though
    one was sent that long ago: no worker serves them."""
    late = (now or timezone.now()) - LAG_ALLOWED
    silent = QueueHeartbeat.objects.filter(Q(seen_at__lt=late) | Q(seen_at__isnull=True, sent_at__lt=late))
    return sorted(silent.values_list("queue", flat=True))


def unanswered_queues(now=None) -> list[str]:
    """The queues whose last heartbeat was sent more than LAG_ALLOWED ago and never ran: it
    waits in the broker, and no worker takes it."""
    late = (now or timezone.now()) - LAG_ALLOWED
    unanswered = Q(seen_at__isnull=True) | Q(seen_at__lt=F("sent_at"))
    return sorted(QueueHeartbeat.objects.filter(unanswered, sent_at__lt=late).values_list("queue", flat=True))


def sweeper_ran_lately(now=None) -> bool:
    """While the sweeper runs it sends the sweep queue's heartbeat every HEARTBEAT_INTERVAL
    (that queue's worker, the one running the sweep, answers it), so the row's sent_at is
    when it last ran. No row yet: a new site, nothing to say."""
    late = (now or timezone.now()) - LAG_ALLOWED
    last = QueueHeartbeat.objects.filter(queue=sweep_queue()).values_list("sent_at", flat=True).first()
    return last is None or last >= late


def sweep_queue() -> str:
    return settings.CELERY_TASK_ROUTES["tables.tasks.sweep"]["queue"]


def sweeps_waiting() -> int:
    """Sweep tasks beat published that no worker took (0 when the broker cannot say; an
    empty Redis queue does not exist, so a passive declare refuses it)."""
    options = {"socket_connect_timeout": BROKER_CHECK_SECONDS, "socket_timeout": BROKER_CHECK_SECONDS}
    try:
        with celery_app.connection_for_write(transport_options=options) as connection:
            return connection.default_channel.queue_declare(queue=sweep_queue(), passive=True).message_count
    except Exception:  # no such queue, or no answer
        return 0


def silent_queues_and_beat(now=None, broker_up=True) -> tuple[list[str], str | None]:
    """The queues no worker serves, and whether beat publishes the sweep ("ok", "silent",
    None when the broker cannot tell). Heartbeats come from the sweep, which beat starts:
    when the sweeper has not run lately, a queue counts as silent only if a heartbeat or a
    sweep waits in it, and beat is silent when no sweep waits either (all queues would
    look silent then, for want of heartbeats)."""
    if sweeper_ran_lately(now):
        return silent_queues(now), "ok"
    silent = unanswered_queues(now)
    if not broker_up:
        return silent, None
    if sweeps_waiting():
        return sorted({*silent, sweep_queue()}), "ok"
    return silent, "silent"


def broker_reachable() -> bool:
    """One try to connect and talk to the broker, each step given BROKER_CHECK_SECONDS: a
    broker that accepts connections but no longer answers must not hold the answer up."""
    options = {"socket_connect_timeout": BROKER_CHECK_SECONDS, "socket_timeout": BROKER_CHECK_SECONDS}
    try:
        with celery_app.connection_for_write(transport_options=options) as connection:
            connection.ensure_connection(max_retries=0, timeout=BROKER_CHECK_SECONDS)
    except Exception:  # any transport's failure means the same thing here
        return False
    return True


def failed_mails(now=None) -> int:
    """Mails that could not be built or sent in the last MAIL_FAILURE_WINDOW: each one
    needs a look (its Notification row in the admin says why), but none stops the site."""
    return Notification.objects.filter(failed_at__gte=(now or timezone.now()) - MAIL_FAILURE_WINDOW).count()


def late_mails(now=None) -> int:
    """Mails not sent LAG_ALLOWED after they fell due because the mail server refused them
    or could not be reached: they wait for their next try. Reported, not an outage: the
    site works, and a 503 would only have a load balancer take it out of service for a
    fault elsewhere. (A mail nobody offered again is overdue work instead.)"""
    late = (now or timezone.now()) - LAG_ALLOWED
    return Notification.objects.filter(next_try_at__isnull=False, attempts__gt=0, created_at__lt=late).count()


def check(now=None) -> dict:
    """{"ok": bool, "database", "broker", "overdue": {...}, "silent_queues": [...], "beat",
    "failed_mails": n, "late_mails": n}: not ok when a service is unreachable or slow, any
    work is overdue, a queue or beat is silent; failed and late mails are reported only.
    The broker is probed while the database is asked; a query that runs past its bound
    (DATABASE_BOUNDS) reports the database "unreachable"."""
    broker_probe = _broker_probe.submit(broker_reachable)
    try:
        with transaction.atomic():
            bound_transaction(*DATABASE_BOUNDS)
            overdue, failed, late = overdue_work(now), failed_mails(now), late_mails(now)
            broker = "ok" if broker_probe.result() else "unreachable"
            silent, beat = silent_queues_and_beat(now, broker_up=broker == "ok")
        database = "ok"
    except DatabaseError:
        overdue, silent, beat, failed, late, database = None, None, None, None, None, "unreachable"
        broker = "ok" if broker_probe.result() else "unreachable"
    ok = database == "ok" and broker == "ok" and not any(overdue.values()) and not silent and beat == "ok"
    return {
        "ok": ok,
        "database": database,
        "broker": broker,
        "overdue": overdue,
        "silent_queues": silent,
        "beat": beat,
        "failed_mails": failed,
        "late_mails": late,
    }


@never_cache
@require_GET
def health_check(request):
    """For the operator's monitor: 200 when the database and the broker answer and no
    background work is overdue, else 503; the body says which (`check`)."""
    report = check()
    return JsonResponse(report, status=200 if report["ok"] else 503)
