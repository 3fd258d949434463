"""Start the web server, a Celery worker per queue and Celery beat together; restart any of
them that dies, after a back-off; stop all on Ctrl-C or SIGTERM."""

import signal
import subprocess
import sys
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from tables.management.commands.load_demo import DEMO_PASSWORD, DEMO_USERNAME, refuse_in_production

# A process that dies is started again after 1 s, then 2 s, 4 s ... up to 30 s while it keeps
# dying; one that ran STEADY_SECONDS before it died starts over at 1 s.
FIRST_DELAY = 1.0
MAX_DELAY = 30.0
STEADY_SECONDS = 60.0


def process_commands(addr: str) -> dict[str, list[str]]:
    """The command line of each process, by name: the web server, a worker for each of
    settings.WORKER_QUEUES (so bot turns never hold up the sweep or the mails), beat."""
    host, _, port = addr.rpartition(":")
    host = host or "127.0.0.1"
    celery = [sys.executable, "-m", "celery", "-A", "capitalla_site"]
    # No gossip, no mingle: the site asks nothing of other workers, and gossip's restart
    # after a broker outage logged an AttributeError traceback.
    workers = {
        f"worker-{queue}": celery
        + ["worker", "--pool=solo", "--loglevel=warning", "--without-gossip", "--without-mingle"]
        + ["-Q", queue, "--hostname", f"{queue}@%h"]
        for queue in settings.WORKER_QUEUES
    }
    return {
        # The ASGI server, as in production: a page's live stream holds no thread.
        "web": [sys.executable, "-m", "uvicorn", "capitalla_site.asgi:application", "--host", host, "--port", port]
        + ["--lifespan", "off", "--no-proxy-headers"],
        **workers,
        "beat": celery + ["beat", "--loglevel=warning", "--schedule", settings.CELERY_BEAT_SCHEDULE_FILENAME],
    }


def restart_delay(failures: int) -> float:
    """How long to wait before starting a process again after its `failures`-th death in a row."""
    return min(FIRST_DELAY * 2 ** (failures - 1), MAX_DELAY)


def supervise(commands: dict[str, list[str]], stop: threading.Event, report, *, cwd=None, poll=0.5) -> None:
    """Run every command until `stop` is set, starting again one that exits (the others keep
    running); then terminate them all. `report(line)` tells what happened."""
    procs = {name: subprocess.Popen(cmd, cwd=cwd) for name, cmd in commands.items()}
    started = dict.fromkeys(commands, time.monotonic())
    failures = dict.fromkeys(commands, 0)
    restart_at = {}  # name -> when to start a dead process again
    try:
        while not stop.wait(poll):
            now = time.monotonic()
            for name, proc in procs.items():
                if name in restart_at:
                    if now >= restart_at[name]:
                        del restart_at[name]
                        procs[name], started[name] = subprocess.Popen(commands[name], cwd=cwd), now
                elif proc.poll() is not None:
                    failures[name] = 1 if now - started[name] >= STEADY_SECONDS else failures[name] + 1
                    delay = restart_delay(failures[name])
                    restart_at[name] = now + delay
                    report(f"{name} exited with status {proc.returncode}; starting it again in {delay:g} s.")
    finally:
        stop_all(procs.values())


def stop_all(procs) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


class Command(BaseCommand):
    help = "Run web + a worker per queue + beat (embedded defaults unless DATABASE_URL / REDIS_URL are set)."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=settings.RUN_ADDR)

    def handle(self, addr, **options):
        refuse_in_production()
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        self.stdout.write(
            f"\nCapitalla is running at http://{addr}/\n"
            f"Log in as {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
            f"Database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, "
            f"broker: {settings.CELERY_BROKER_URL.split('://')[0]}, "
            f"moves {'pushed to the pages' if settings.LIVE_PUSH else 'polled by the pages (no Redis)'}. "
            "Ctrl-C stops everything.\n"
        )
        try:
            supervise(process_commands(addr), stop, self.stderr.write, cwd=settings.BASE_DIR)
        except KeyboardInterrupt:
            pass  # supervise has stopped every process on its way out
