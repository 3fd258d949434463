"""Personal API tokens: what an outside client sends as `Authorization: Bearer <secret>`.

The secret is shown once, at creation; the table keeps only its sha256 (a random 256-bit
secret needs no slow hash: nobody can guess one to match a stolen digest) and a short
prefix, so that the owner can tell their tokens apart.
"""

import hashlib

from django.conf import settings
from django.db import models

READ, PLAY, STAKES = "read", "play", "stakes"
# `stakes` is asked on top of `play` at a table with an ante: without it, a leaked token
# could seat its owner at a partner's staked table and lose the chips there on purpose.
SCOPES = (READ, PLAY, STAKES)


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=40)
    prefix = models.CharField(max_length=16)  # the secret's start, shown on the profile
    digest = models.CharField(max_length=64, unique=True)  # sha256 of the secret, hex
    scopes = models.JSONField(default=list)  # a subset of SCOPES
    # Not a column: what the request that found the token left of its rate limit
    # (api.auth.checked_token), sent back in the answer's headers.
    budget = None
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    def allows(self, scope: str) -> bool:
        return scope in self.scopes
