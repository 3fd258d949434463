"""Every worker queue is known to be served, idle or not: the sweeper sends a heartbeat
down each queue, and /healthz/ says 503 naming a queue whose heartbeat has not run for
LAG_ALLOWED. Before, a dead mail worker showed nowhere: the sweeper handed the mails to
the broker, and nothing counted as late.

With beat down no sweep runs, so no heartbeat is sent: /healthz/ named every queue silent,
blaming the workers. It says `"beat": "silent"` when no sweep waits in the broker, and
names the sweep queue (beat "ok") when sweeps wait there that no worker takes."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from kombu import Connection

import tables.tasks
from capitalla_site import health
from capitalla_site.celery import app as celery_app
from tables import heartbeats
from tables.models import QueueHeartbeat

pytestmark = pytest.mark.django_db

LATE = heartbeats.LAG_ALLOWED + timedelta(minutes=1)


@pytest.fixture
def broker(monkeypatch):
    """An in-memory broker, empty, with the site's queues, for /healthz/ and the test."""
    connection = Connection("memory://")
    channel = connection.default_channel
    for queue in settings.CELERY_TASK_QUEUES:
        channel.queue_delete(queue.name)  # the memory transport's queues outlive a connection
        queue.bind(channel).declare()
    monkeypatch.setattr(celery_app, "connection_for_write", lambda **options: Connection("memory://"))
    yield connection
    for queue in settings.CELERY_TASK_QUEUES:
        channel.queue_delete(queue.name)  # nothing left for the other tests of the memory transport
    connection.release()


def every_queue_last_heard_from(when):
    """Heartbeats sent down every queue and run, at `when`; no sweep since."""
    for queue in settings.WORKER_QUEUES:
        QueueHeartbeat.objects.update_or_create(queue=queue, defaults={"sent_at": when, "seen_at": when})


def run_heartbeats(enqueued, *queues):
    """Run, as their workers would, the heartbeats sent down `queues`; forget the others."""
    for task in [task for task in enqueued if task[0] == "heartbeat"]:
        enqueued.remove(task)
        if task[1][0] in queues:
            tables.tasks.heartbeat(*task[1])


def test_a_queue_no_worker_serves_makes_the_site_unhealthy(client, enqueued):
    assert heartbeats.send_heartbeats(timezone.now() - LATE) == len(settings.WORKER_QUEUES)
    run_heartbeats(enqueued, "sweep", "bots")  # the mail worker is dead

    response = client.get(reverse("health_check"))
    assert response.status_code == 503
    assert response.json()["silent_queues"] == ["mail"]

    heartbeats.send_heartbeats()  # lost, as far as the sweeper knows: sent again
    run_heartbeats(enqueued, "mail")  # the mail worker is back
    response = client.get(reverse("health_check"))
    assert (response.status_code, response.json()["silent_queues"]) == (200, [])


def test_a_worker_that_stops_after_answering_is_reported_once_its_heartbeat_is_old(enqueued):
    heartbeats.send_heartbeats()
    run_heartbeats(enqueued, *settings.WORKER_QUEUES)
    assert health.silent_queues() == []
    assert health.silent_queues(timezone.now() + LATE) == sorted(settings.WORKER_QUEUES)


def test_a_heartbeat_goes_again_once_answered_and_not_while_it_waits(enqueued):
    start = timezone.now() - timedelta(seconds=40)
    assert heartbeats.send_heartbeats(start) == 3
    assert heartbeats.send_heartbeats(start + timedelta(seconds=5)) == 0  # the next sweep: all still on their way
    run_heartbeats(enqueued, "mail")
    assert heartbeats.send_heartbeats() == 1  # the mail heartbeat ran and its interval passed
    assert [args for name, args, _ in enqueued] == [("mail",)]


def test_two_sweepers_send_a_heartbeat_once(enqueued):
    now = timezone.now()
    assert heartbeats.send_heartbeats(now) + heartbeats.send_heartbeats(now) == len(settings.WORKER_QUEUES)


def test_each_heartbeat_reaches_the_queue_it_probes_and_no_other(monkeypatch):
    """Published through a real (in-memory) broker, as the sweeper publishes it."""
    with Connection("memory://") as connection:
        channel = connection.default_channel
        queues = [queue.bind(channel) for queue in settings.CELERY_TASK_QUEUES]
        for queue in queues:
            queue.declare()
        send_task = celery_app.send_task
        monkeypatch.setattr(
            celery_app, "send_task", lambda *args, **kwargs: send_task(*args, connection=connection, **kwargs)
        )
        heartbeats.send_heartbeats()
        for queue in queues:
            message = queue.get(no_ack=True)
            assert message.headers["task"] == "tables.tasks.heartbeat"
            assert message.headers["argsrepr"] == repr((queue.name,))
            assert queue.get(no_ack=True) is None


def test_beat_down_is_told_from_every_worker_down(client, broker):
    every_queue_last_heard_from(timezone.now() - LATE)  # beat published no sweep since
    response = client.get(reverse("health_check"))
    assert response.status_code == 503
    assert (response.json()["beat"], response.json()["silent_queues"]) == ("silent", [])


def test_sweeps_no_worker_takes_name_the_sweep_queue_not_beat(client, broker):
    every_queue_last_heard_from(timezone.now() - LATE)
    celery_app.send_task("tables.tasks.sweep", connection=broker)  # beat runs; the sweep worker does not
    response = client.get(reverse("health_check"))
    assert response.status_code == 503
    assert (response.json()["beat"], response.json()["silent_queues"]) == ("ok", ["sweep"])


def test_a_heartbeat_left_waiting_still_names_its_queue_while_beat_is_down(client, broker):
    every_queue_last_heard_from(timezone.now() - LATE - timedelta(minutes=1))
    QueueHeartbeat.objects.filter(queue="mail").update(sent_at=timezone.now() - LATE)  # sent, never run
    response = client.get(reverse("health_check"))
    assert (response.json()["beat"], response.json()["silent_queues"]) == ("silent", ["mail"])


def test_a_sweeper_at_work_means_beat_is_up(client, enqueued, broker):
    heartbeats.send_heartbeats()
    run_heartbeats(enqueued, *settings.WORKER_QUEUES)
    response = client.get(reverse("health_check"))
    assert (response.status_code, response.json()["beat"], response.json()["silent_queues"]) == (200, "ok", [])
