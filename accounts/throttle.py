"""A limit on how often one key (a client address, a mail address, an account) may do
one thing per hour. Counted in the database, not the cache: it must hold while Redis is
down. Two requests at the same instant may both pass the last free place; that is an
overshoot of one, not a way around the limit."""

from datetime import timedelta
from hashlib import sha256

from django.utils import timezone

from .models import ThrottleHit

WINDOW = timedelta(hours=1)


def take(scope: str, key: str, limit: int) -> bool:
    """Count one more `scope` action for `key`, unless `limit` of them were counted in the
    last hour: then count nothing and answer False."""
    now = timezone.now()
    digest = _digest(key)
    hits = ThrottleHit.objects.filter(scope=scope, key=digest)
    hits.filter(at__lte=now - WINDOW).delete()
    if hits.count() >= limit:
        return False
    ThrottleHit.objects.create(scope=scope, key=digest, at=now)
    return True


def give_back(scope: str, key: str) -> None:
    """Uncount the last `scope` action counted for `key`: for a limit on failures, where
    whether a try failed is known only once it was let through (a password checked)."""
    last = ThrottleHit.objects.filter(scope=scope, key=_digest(key)).order_by("-at", "-pk").first()
    if last is not None:
        last.delete()


def _digest(key: str) -> str:
    return sha256(key.encode()).hexdigest()  # the table keeps no addresses
