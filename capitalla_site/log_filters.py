"""Logging filters named in settings.LOGGING."""

import logging

from capitalla_site.db_timeouts import database_busy


class WithoutTraceback(logging.Filter):
    """The record's message without its traceback. For requests Django refuses as
    suspicious (a Host not allowed, a body too big): a scanner's every probe would
    otherwise write some forty lines of Django's own frames, which say nothing more."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = record.exc_text = None
        return True


class DatabaseBusyInOneLine(logging.Filter):
    """A request answered 503 because the database did not answer in time (tables/views_errors.py)
    is one warning line saying why, not an error with Django's traceback: nothing broke."""

    def filter(self, record: logging.LogRecord) -> bool:
        why = database_busy(record.exc_info[1]) if record.exc_info else None
        if why:
            record.msg, record.args = f"{record.getMessage()}: {why}", ()
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
        return True
