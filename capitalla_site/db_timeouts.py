"""A slow database is an answer, not a hang: each process's PostgreSQL statements and lock
waits are bounded, by role (docs/operators.md, "Timeouts"). A web request that hits a bound
answers 503 (tables/views_errors.py); a worker's task fails and is tried again.

The bounds ride on the connection (libpq's `options`, set once per connection the pool
opens: no statement more per request), so they are set before the process opens its first
connection: capitalla_site/asgi.py and wsgi.py for the web, the worker's start
(capitalla_site/celery.py) for a worker, whose queues name its role. Commands and
migrations set none: they may wait as long as they need. `DB_STATEMENT_TIMEOUT` and
`DB_LOCK_TIMEOUT` (seconds) in a process's environment replace its role's values."""

import os
import re

from django.conf import settings
from django.db import OperationalError, connection
from psycopg.errors import LockNotAvailable, QueryCanceled
from psycopg_pool import PoolTimeout

# (statement, lock) timeouts in seconds. A page's queries take milliseconds, and a person
# waits a few seconds at most; a bot turn or a mail may wait out a burst of moves on its
# game; the sweep walks every due clock and mail in one pass.
ROLES = {"web": (5.0, 2.0), "worker": (30.0, 10.0), "sweep": (120.0, 10.0)}


def timeouts(role: str) -> tuple[float, float]:
    """The role's (statement, lock) timeouts in seconds, as this process's environment has them."""
    statement, lock = ROLES[role]
    return (
        float(os.environ.get("DB_STATEMENT_TIMEOUT", statement)),
        float(os.environ.get("DB_LOCK_TIMEOUT", lock)),
    )


def bound(role: str) -> None:
    """Bound the statements and lock waits of every PostgreSQL connection this process
    opens from now on. SQLite (the embedded site) has no statement timeout: it is left as is."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        return
    statement, lock = timeouts(role)
    bounds = f"-c statement_timeout={round(statement * 1000)} -c lock_timeout={round(lock * 1000)}"
    options = database.setdefault("OPTIONS", {})
    others = _BOUNDS.sub("", options.get("options", "")).strip()  # a URL's own options stay
    options["options"] = f"{others} {bounds}".strip()


_BOUNDS = re.compile(r"-c (statement|lock)_timeout=\d+")


def bound_transaction(statement: float, lock: float) -> None:
    """Tighter bounds for the rest of the transaction under way (PostgreSQL's SET LOCAL):
    for a few queries that must answer sooner than the process's bounds allow."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('statement_timeout', %s, true), set_config('lock_timeout', %s, true)",
                [f"{round(statement * 1000)}ms", f"{round(lock * 1000)}ms"],
            )


def worker_role(queues) -> str:
    """A worker's role from the queues it serves (`-Q`; none named: all of them): the
    sweep's when it runs the sweep."""
    names = queues.split(",") if isinstance(queues, str) else list(queues or [])
    return "sweep" if not names or "sweep" in names else "worker"


# Waits that broke nothing (the transaction rolled back), each in the words of a log line.
BUSY = {
    PoolTimeout: "no database connection free in time",
    QueryCanceled: "a statement ran past its bound",
    LockNotAvailable: "a lock wait ran past its bound",
}


def database_busy(error) -> str | None:
    """Why `error` is the database not answering in time (a pool, a statement or a lock
    bound), in words; None for any other error."""
    if not isinstance(error, OperationalError):
        return None
    return next((why for kind, why in BUSY.items() if isinstance(error.__cause__, kind)), None)
