"""Creating, finding and revoking personal API tokens. The only code that writes ApiToken.

A token's secret is `cap_` + 43 url-safe characters (32 random bytes). It is shown once;
the row keeps its sha256 and its first characters (`prefix`), so a lookup is one indexed
SELECT on the digest and a stolen table grants nothing.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from api.models import SCOPES, ApiToken, digest_of

SECRET_PREFIX = "cap_"
PREFIX_LENGTH = len(SECRET_PREFIX) + 8  # "cap_" and 8 characters: enough to tell tokens apart
# `last_used_at` is written at most this often per token: a client polling every second
# would otherwise add an UPDATE to every request.
LAST_USED_EVERY = timedelta(minutes=1)


class TokenRefused(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def create(user, name: str, scopes) -> tuple[ApiToken, str]:
    """A new token of `user` with `scopes` (a subset of SCOPES, not empty), and its secret,
    which nobody can read again. An account holds at most API_TOKEN_LIMIT tokens."""
    name = " ".join(str(name or "").split())[:40] or "API token"
    scopes = sorted(set(scopes or ()))
    if not scopes or not set(scopes) <= set(SCOPES):
        raise TokenRefused(f"Choose the token's scopes: {' and/or '.join(SCOPES)}.")
    limit = settings.API_TOKEN_LIMIT
    with transaction.atomic():
        # Under a lock on the user's row: two requests at once cannot both take the last place.
        get_user_model().objects.select_for_update(no_key=True).only("pk").get(pk=user.pk)
        if ApiToken.objects.filter(user=user).count() >= limit:
            raise TokenRefused(f"You have {limit} tokens: revoke one before you create another.")
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        token = ApiToken.objects.create(
            user=user, name=name, prefix=secret[:PREFIX_LENGTH], digest=digest_of(secret), scopes=scopes
        )
    return token, secret


def revoke(user, token_id) -> bool:
    """Delete one of `user`'s tokens: the next request that sends it gets 401."""
    try:
        return ApiToken.objects.filter(user=user, pk=int(token_id)).delete()[0] > 0
    except (TypeError, ValueError):
        return False


def find(secret: str, now=None) -> ApiToken | None:
    """The live token whose secret this is (its user active), or None; notes its use."""
    if not secret.startswith(SECRET_PREFIX) or len(secret) > 100:
        return None
    token = ApiToken.objects.select_related("user").filter(digest=digest_of(secret), user__is_active=True).first()
    if token is None:
        return None
    now = now or timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
