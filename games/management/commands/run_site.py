"""Start the web server, a Celery worker per queue and Celery beat together; stop all on Ctrl-C."""

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from games.management.commands.load_demo import DEMO_PASSWORD, DEMO_USERNAME, refuse_in_production


def process_commands(addr: str) -> dict[str, list[str]]:
    """The command line of each process, by name: the web server, a worker for each of
    settings.WORKER_QUEUES (so bot turns never hold up the sweep or the mails), beat."""
    celery = [sys.executable, "-m", "celery", "-A", "capitalla_site"]
    workers = {f"worker-{queue}": celery + ["worker", "--pool=solo", "--loglevel=warning", "-Q", queue,
                                            "--hostname", f"{queue}@%h"]
               for queue in settings.WORKER_QUEUES}
    return {
        "web": [sys.executable, "manage.py", "runserver", addr, "--noreload"],
        **workers,
        "beat": celery + ["beat", "--loglevel=warning", "--schedule", settings.CELERY_BEAT_SCHEDULE_FILENAME],
    }


class Command(BaseCommand):
    help = "Run web + a worker per queue + beat (embedded defaults unless DATABASE_URL / REDIS_URL are set)."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=os.environ.get("RUN_ADDR", "127.0.0.1:8000"))

    def handle(self, addr, **options):
        refuse_in_production()
        procs = {name: subprocess.Popen(cmd, cwd=settings.BASE_DIR) for name, cmd in process_commands(addr).items()}
        self.stdout.write(
            f"\nCapitalla is running at http://{addr}/\n"
            f"Log in as {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
            f"Database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, "
            f"broker: {settings.CELERY_BROKER_URL.split('://')[0]}. Ctrl-C stops everything.\n"
        )
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        try:
            while all(p.poll() is None for p in procs.values()):
                time.sleep(0.5)
            dead = [name for name, p in procs.items() if p.poll() is not None]
            self.stderr.write(f"{', '.join(dead)} stopped; shutting down the rest.")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            for p in procs.values():
                if p.poll() is None:
                    p.terminate()
            for p in procs.values():
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
