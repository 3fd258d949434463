"""Real Celery processes for the tests that need them: they work on the test database."""

import os
import subprocess
import sys
import time

from django.conf import settings
from django.db import connection


def wait_for(predicate, timeout=120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def celery(*args: str, **env: str) -> subprocess.Popen:
    """`celery -A capitalla_site <args>` on the test database (PostgreSQL), bots moving at once;
    `env` adds to the environment (REDIS_URL=... for another broker)."""
    db = connection.settings_dict
    test_db_url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "capitalla_site", *args],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": test_db_url, "BOT_MOVE_DELAY": "0", **env},
    )


def worker(*args: str, **env: str) -> subprocess.Popen:
    """A worker serving every queue."""
    return celery(
        "worker",
        "--pool=solo",
        "--loglevel=warning",
        "--without-gossip",
        "--without-mingle",
        "-Q",
        ",".join(settings.WORKER_QUEUES),
        *args,
        **env,
    )


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=30)
