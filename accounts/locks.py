"""Locks on a name rather than a row, for checks that no row guards: the names a sign-up
takes, the tries at one account's password. PostgreSQL's advisory locks, held until the
transaction ends; on SQLite (the embedded default) every writing transaction takes the
one write lock at BEGIN already, so these cost nothing there."""

from hashlib import sha256

from django.db import OperationalError, connection, transaction


def key_of(name: str) -> int:
    """A lock's number (a signed 64-bit int, as PostgreSQL wants it) for `name`."""
    return int.from_bytes(sha256(name.encode()).digest()[:8], "big", signed=True)


def hold(name: str, within: float | None = None) -> bool:
    """Wait for the lock `name`, at most `within` seconds (None: as long as it takes), and
    hold it until the transaction ends. False if it was still taken after `within`."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        if within is None:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key_of(name)])
            return True
        try:
            with transaction.atomic():  # a wait that times out ends this savepoint, not the transaction
                cursor.execute("SELECT current_setting('lock_timeout')")
                before = cursor.fetchone()[0]
                cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{round(within * 1000)}ms"])
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key_of(name)])
                cursor.execute("SELECT set_config('lock_timeout', %s, true)", [before])  # the rest as before
        except OperationalError:
            return False
    return True
