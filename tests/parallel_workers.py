"""Each pytest-xdist worker (`make test` runs one per core) gets a Redis database of its
own, as it gets a test database of its own from pytest-django: the Celery workers the task
tests start, the live news and the API's counters would otherwise read the other worker's
messages. Without VAR_DIR set, each also gets its own folder under var/ (the embedded
broker's files, when there is no Redis). Loaded with `-p` (pyproject's addopts), so it
runs before Django reads its settings; outside xdist it changes nothing.

Worker N takes the database N below REDIS_URL's (wrapping at 0 to 15): CI's 12 gives 12
and 11 on two cores, clear of the 14 that `.ci/production` uses next."""

import os
import re
from pathlib import Path

REDIS_DATABASES = 16  # redis-server's default


def _worker_number() -> int | None:
    match = re.fullmatch(r"gw(\d+)", os.environ.get("PYTEST_XDIST_WORKER", ""))
    return int(match.group(1)) if match else None


def _redis_url_for(url: str, worker: int) -> str:
    match = re.fullmatch(r"(rediss?://[^/?]+)(?:/(\d+))?(\?.*)?", url)
    if not match:
        return url
    base = int(match.group(2) or 0)
    return f"{match.group(1)}/{(base - worker) % REDIS_DATABASES}{match.group(3) or ''}"


_worker = _worker_number()
if _worker is not None:
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = _redis_url_for(os.environ["REDIS_URL"], _worker)
    os.environ.setdefault("VAR_DIR", str(Path("var") / f"test-worker-{_worker}"))
