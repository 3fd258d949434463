"""Per-account limits, all of an account's tokens together (up to API_TOKEN_LIMIT of them:
one budget each would multiply it): requests per minute (a fixed-window counter) and
long-polls open at once.

The counter is one INCR in Redis (settings.REDIS_URL), shared by every web process; with
no Redis configured, or while it is unreachable, Django's cache counts instead (per
process with the default local-memory cache: a looser limit, never a refused request).
"""

import logging
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import redis
from django.conf import settings
from django.core.cache import cache as django_cache

from capitalla_site.outages import Outage

logger = logging.getLogger(__name__)

WINDOW = 60  # seconds
outage = Outage(
    logger,
    "API rate limits: Redis unreachable (%s), counting in each process's cache until it is back.",
    "API rate limits: counting in Redis again after %.0f s.",
)


class RateLimited(Exception):
    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


@cache
def _redis(url: str):
    # Short timeouts: a Redis that hangs must not hold up a move.
    return redis.Redis.from_url(url, socket_timeout=0.25, socket_connect_timeout=0.25)


def _count(key: str) -> int:
    """One more hit on `key` in the current window; the hits so far, this one included."""
    if settings.REDIS_URL:
        try:
            pipe = _redis(settings.REDIS_URL).pipeline()
            pipe.set(key, 0, ex=WINDOW + 1, nx=True)
            pipe.incr(key)
            hits = pipe.execute()[1]
        except redis.RedisError as exc:
            outage.failed(exc)
        else:
            outage.worked()
            return hits
    django_cache.add(key, 0, WINDOW + 1)
    try:
        return django_cache.incr(key)
    except ValueError:  # expired between add and incr
        django_cache.set(key, 1, WINDOW + 1)
        return 1


@dataclass(frozen=True)
class Budget:
    """What is left of a minute's budget after a request: the answer's RateLimit headers."""

    limit: int
    remaining: int
    reset: int  # seconds until the window ends

    def headers(self) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": str(self.reset),
        }


def take(user_id: int, kind: str, now: float | None = None) -> Budget:
    """Count a request of `kind` ("read" or "play") for the account, whichever of its tokens
    sent it: what is left of the minute's budget (API_READS_PER_MINUTE,
    API_WRITES_PER_MINUTE), or RateLimited past it."""
    now = time.time() if now is None else now
    window = int(now // WINDOW)
    limit = settings.API_READS_PER_MINUTE if kind == "read" else settings.API_WRITES_PER_MINUTE
    hits = _count(f"api:rate:{user_id}:{kind}:{window}")
    reset = max(1, int((window + 1) * WINDOW - now) + 1)
    if hits > limit:
        what = "reads" if kind == "read" else "writes"
        raise RateLimited(f"Too many {what}: your tokens may make {limit} a minute together.", reset)
    return Budget(limit, limit - hits, reset)


_long_polls: dict[int, int] = {}
_long_polls_lock = threading.Lock()


@contextmanager
def long_poll_slot(user_id: int):
    """Hold one of the account's API_LONG_POLLS_PER_ACCOUNT long-polls in this process, and
    one of the process's API_LONG_POLLS_PER_PROCESS (each holds a thread while it waits);
    RateLimited when either is all taken."""
    limit = settings.API_LONG_POLLS_PER_ACCOUNT
    with _long_polls_lock:
        if _long_polls.get(user_id, 0) >= limit:
            raise RateLimited(f"Your tokens hold as many long-polls as they may ({limit}): wait for one to end.", 1)
        if sum(_long_polls.values()) >= settings.API_LONG_POLLS_PER_PROCESS:
            raise RateLimited("The server has as many long-polls waiting as it holds: try again.", 1)
        _long_polls[user_id] = _long_polls.get(user_id, 0) + 1
    try:
        yield
    finally:
        with _long_polls_lock:
            _long_polls[user_id] -= 1
            if not _long_polls[user_id]:
                del _long_polls[user_id]
