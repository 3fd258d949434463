"""Calls made at the same instant, each in a thread of its own: the races that the row
locks must settle."""

import threading

from django.db import connections

from tables.actions import errors


def run_together(*actions) -> list:
    """Each action's result, or the class name of the ServiceError it raised, in the
    actions' order. They start together past a barrier; each thread closes its database
    connection after (the test database is dropped once the test is over)."""
    barrier = threading.Barrier(len(actions))
    outcomes = [None] * len(actions)

    def run(i, action):
        try:
            barrier.wait()
            outcomes[i] = action()
        except errors.ServiceError as exc:
            outcomes[i] = type(exc).__name__
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes
