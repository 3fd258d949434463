"""Who an API request acts as: the bearer token's user, and only that. A session cookie
(a password sign-in or a magic link's) and a mail token are not API tokens: without
`Authorization: Bearer <token>` the API answers 401, whatever the cookies say."""

from ninja.errors import HttpError
from ninja.security import HttpBearer

from api import limits, tokens
from api.models import PLAY, READ
from capitalla_site.body_size import body_size

# Requests that only read: `read` scope. Anything else changes something: `play`.
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The most a request body may hold: a move is a few hundred bytes, a declaration a few KB.
MAX_BODY = 64 * 1024


def scope_of(method: str) -> str:
    return READ if method in READING_METHODS else PLAY


def checked_token(secret: str, scope: str):
    """The live token whose secret this is, for a request needing `scope`, counted
    against its rate limit (what is left of it: `budget`): None if there is no such token
    (401), HttpError 403 if it lacks the scope, RateLimited past its budget. The API and
    its streams both ask here."""
    found = tokens.find(secret)
    if found is None:
        return None
    if not found.allows(scope):
        raise HttpError(403, f"This token lacks the {scope!r} scope.")
    found.budget = limits.take(found.user_id, scope)
    return found


class BearerToken(HttpBearer):
    def authenticate(self, request, token: str):
        found = checked_token(token, scope_of(request.method))
        if found is None:
            return None  # 401
        _check_body_size(request)
        request.api_token = found
        return found.user


def _check_body_size(request) -> None:
    """A body too large is refused here, after the token and before anything parses it."""
    try:
        size = body_size(request)
    except ValueError:
        raise HttpError(400, "The Content-Length header is not a number.") from None
    if size > MAX_BODY:
        raise HttpError(413, f"A request body may hold at most {MAX_BODY} bytes.")
