"""Locks on a name rather than a row, for checks that no row guards: the names a sign-up
takes, the tries at one account's password. PostgreSQL's advisory locks, held until the
transaction ends; on SQLite (the embedded default) every writing transaction takes the
one write lock at BEGIN already, so these cost nothing there."""

from hashlib import sha256

from django.db import connection


def key_of(name: str) -> int:
    """A lock's number (a signed 64-bit int, as PostgreSQL wants it) for `name`."""
    return int.from_bytes(sha256(name.encode()).digest()[:8], "big", signed=True)


def hold(name: str) -> None:
    """Wait for the lock `name`, and hold it until the transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key_of(name)])


def try_hold(name: str) -> bool:
    """Take the lock `name` until the transaction ends if nobody holds it; False if taken."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [key_of(name)])
        return cursor.fetchone()[0]
