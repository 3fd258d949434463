"""A limit on how often one key (a client address, a mail address, an account) may do
one thing per hour. Counted in the database, not the cache: it must hold while Redis is
down. Two requests at the same instant may both pass the last free place; that is an
overshoot of one, not a way around the limit."""

from datetime import timedelta
from hashlib import sha256

from django.utils import timezone

from .models import ThrottleHit

WINDOW = timedelta(hours=1)


def take(scope: str, key: str, limit: int) -> ThrottleHit | None:
    """Count one more `scope` action for `key` and return its count (truthy), unless
    `limit` of them were counted in the last hour: then count nothing and answer None."""
    now = timezone.now()
    digest = _digest(key)
    hits = ThrottleHit.objects.filter(scope=scope, key=digest)
    hits.filter(at__lte=now - WINDOW).delete()
    if hits.count() >= limit:
        return None
    return ThrottleHit.objects.create(scope=scope, key=digest, at=now)


def give_back(hit: ThrottleHit) -> None:
    """Uncount an action `take` counted: for a limit on failures, where whether a try
    failed is known only once it was let through (a password checked). Its own count,
    not the latest: requests at once each give back their own."""
    ThrottleHit.objects.filter(pk=hit.pk).delete()


def _digest(key: str) -> str:
    return sha256(key.encode()).hexdigest()  # the table keeps no addresses
