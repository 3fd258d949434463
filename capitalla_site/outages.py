"""A service this process uses (Redis as broker, news channel or rate counter) going away
is logged once when it starts failing and once when it works again, not at every request
that meets it: a busy site would otherwise log a line per move for as long as it lasts."""

import time


class Outage:
    """`failed(exc)` and `worked()` after each use of the service; the messages are logged
    at the turns, `failing` given the error's class name, `back` the outage's seconds."""

    def __init__(self, logger, failing: str, back: str):
        self.logger, self.failing, self.back = logger, failing, back
        self.since: float | None = None

    def failed(self, exc: BaseException) -> None:
        if self.since is None:
            self.since = time.monotonic()
            self.logger.warning(self.failing, exc.__class__.__name__)

    def worked(self) -> None:
        if self.since is not None:
            self.logger.warning(self.back, time.monotonic() - self.since)
            self.since = None
