"""Fixtures of the API tests: a token for a persona, and a test client that sends it."""

import json

import pytest
from django.test import Client

from api import tokens


@pytest.fixture(autouse=True)
def _fresh_rate_limits(settings):
    """Each test starts with the whole minute's budget: the counters are keyed by user id,
    which every test's alice shares, and outlive the test's database (found when a test
    that makes hundreds of requests ran before the others, as it may under xdist)."""
    from django.core.cache import cache

    from api import limits

    cache.clear()
    if settings.REDIS_URL:
        server = limits._redis(settings.REDIS_URL)
        for key in server.scan_iter("api:rate:*"):
            server.delete(key)


@pytest.fixture
def token_of():
    """token_of(user, scopes=("read", "play")) -> the secret of a new token of theirs."""

    def make(user, scopes=("read", "play"), name="test"):
        return tokens.create(user, name, scopes)[1]

    return make


class ApiClient:
    """The test client, speaking JSON with a bearer token (or none)."""

    def __init__(self, secret: str | None):
        self.client = Client(raise_request_exception=False)
        self.headers = {"Authorization": f"Bearer {secret}"} if secret else {}

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1{path}", params, headers=self.headers)

    def post(self, path: str, body=None, raw: bytes | str | None = None, content_type="application/json"):
        data = raw if raw is not None else json.dumps(body if body is not None else {})
        return self.client.post(f"/api/v1{path}", data, content_type=content_type, headers=self.headers)


@pytest.fixture
def api_as(token_of):
    """api_as(user, scopes=...) -> an ApiClient with a new token of `user`; api_as(None)
    sends no token."""
    return lambda user, scopes=("read", "play"): ApiClient(token_of(user, scopes) if user else None)


@pytest.fixture
def api_client():
    return ApiClient
