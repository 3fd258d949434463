"""Who an API request acts as: the bearer token's user, and only that. A session cookie
(a password sign-in or a magic link's) and a mail token are not API tokens: without
`Authorization: Bearer <token>` the API answers 401, whatever the cookies say."""

from ninja.errors import HttpError
from ninja.security import HttpBearer

from api import limits, tokens
from api.models import PLAY, READ

# Requests that only read: `read` scope. Anything else changes something: `play`.
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The most a request body may hold: a move is a few hundred bytes, a declaration a few KB.
MAX_BODY = 64 * 1024


def scope_of(method: str) -> str:
    return READ if method in READING_METHODS else PLAY


class BearerToken(HttpBearer):
    def authenticate(self, request, token: str):
        found = tokens.find(token)
        if found is None:
            return None  # 401
        scope = scope_of(request.method)
        if not found.allows(scope):
            raise HttpError(403, f"This token lacks the {scope!r} scope.")
        limits.take(found.pk, scope)
        _check_body_size(request)
        request.api_token = found
        return found.user


def _check_body_size(request) -> None:
    """A body too large is refused here, after the token and before anything reads it."""
    try:
        size = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        raise HttpError(400, "The Content-Length header is not a number.") from None
    if size > MAX_BODY:
        raise HttpError(413, f"A request body may hold at most {MAX_BODY} bytes.")
