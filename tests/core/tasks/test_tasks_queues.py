"""Each kind of background work waits on its own queue, served by its own worker, so a
backlog of bot turns never delays a turn clock or a mail."""

from django.conf import settings
from kombu import Connection

from capitalla_site.celery import app as celery_app
from tables.management.commands.run_site import process_commands


def queue_of(task_name: str) -> str:
    return celery_app.amqp.router.route({}, task_name)["queue"].name


def test_the_sweep_the_mails_and_the_bot_turns_have_a_queue_each():
    queues = {name: queue_of(f"tables.tasks.{name}") for name in ("sweep", "send_notification", "play_bot_turn")}
    assert len(set(queues.values())) == 3
    assert set(queues.values()) == set(settings.WORKER_QUEUES)


def test_a_task_without_a_route_waits_on_a_queue_a_worker_serves():
    assert queue_of("tables.tasks.some_future_task") in settings.WORKER_QUEUES


def test_run_site_starts_a_worker_for_each_queue():
    served = [cmd[cmd.index("-Q") + 1] for cmd in process_commands("127.0.0.1:8000").values() if "-Q" in cmd]
    assert sorted(served) == sorted(settings.WORKER_QUEUES)


def test_run_site_starts_its_workers_without_gossip_or_mingle():
    """Gossip's restart after a broker outage logged an AttributeError traceback; the site
    needs neither gossip nor mingle."""
    workers = [cmd for cmd in process_commands("127.0.0.1:8000").values() if "worker" in cmd]
    assert workers and all("--without-gossip" in cmd and "--without-mingle" in cmd for cmd in workers)


def test_each_kind_of_work_reaches_its_own_queue_and_no_other():
    """Published through a real (in-memory) broker: a queue bound like another would get
    a copy of every message meant for the other, and its worker would run it too."""
    with Connection("memory://") as connection:
        channel = connection.default_channel
        queues = [queue.bind(channel) for queue in settings.CELERY_TASK_QUEUES]
        for queue in queues:
            queue.declare()
        for task in ("sweep", "send_notification", "play_bot_turn"):
            celery_app.send_task(f"tables.tasks.{task}", connection=connection)
            waiting = {queue.name: channel._size(queue.name) for queue in queues}
            assert waiting == {name: int(name == queue_of(f"tables.tasks.{task}")) for name in waiting}, task
            queues[[q.name for q in queues].index(queue_of(f"tables.tasks.{task}"))].purge()
