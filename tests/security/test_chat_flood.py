"""Twenty chat lines posted at once by one player: the limit of CHAT_BURST lines per
CHAT_WINDOW holds under concurrency (it counted, then inserted, without a lock, so all
twenty got through). Row locks are PostgreSQL's: run with DATABASE_URL set."""

import threading

import pytest
from django.db import connections

from tables.actions import errors, table_talk
from tables.models import ChatMessage

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

ATTEMPTS = 20


def test_twenty_lines_at_once_get_only_the_burst_through(table, alice):
    barrier = threading.Barrier(ATTEMPTS)
    outcomes = []

    def say(n):
        try:
            barrier.wait()
            table_talk.say(alice, table.pk, f"line {n}")
            outcomes.append("said")
        except errors.Conflict:
            outcomes.append("held back")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=say, args=(n,)) for n in range(ATTEMPTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("said") == table_talk.CHAT_BURST
    assert outcomes.count("held back") == ATTEMPTS - table_talk.CHAT_BURST
    assert ChatMessage.objects.filter(game=table, user=alice).count() == table_talk.CHAT_BURST
