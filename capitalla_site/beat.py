"""Celery beat's scheduler, quiet through a broker outage.

Celery logs every due task it cannot send with two stack dumps, some 150 lines for the
sweep every 5 s while Redis is down. This one says once that sending stopped, and once
that it works again; any other error is logged as Celery does."""

import logging

from celery.beat import PersistentScheduler, SchedulingError
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)


class OutageQuietScheduler(PersistentScheduler):
    broker_down = False

    def apply_entry(self, entry, producer=None):
        try:
            self.apply_async(entry, producer=producer, advance=False)
        except SchedulingError as exc:
            if not isinstance(exc.__context__, OperationalError):
                log.error("Message Error: %s", exc, exc_info=True)
            elif not self.broker_down:
                self.broker_down = True
                log.error("Beat cannot reach the broker (%s); it tries again at each due task.", exc.__context__)
            return
        if self.broker_down:
            self.broker_down = False
            log.warning("Beat reaches the broker again.")
