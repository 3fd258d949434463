"""The shared Redis cache (sessions live in it when REDIS_URL is set)."""

import os

import pytest

from capitalla_site.redis_cache import SharedClientRedisCache

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")


@pytest.fixture
def cache():
    return SharedClientRedisCache(os.environ["REDIS_URL"], {"KEY_PREFIX": "capitalla-test-cache"})


def test_every_call_uses_the_same_client(cache):
    assert cache._cache.get_client() is cache._cache.get_client()
    assert cache._cache.get_client(write=True) is cache._cache.get_client()  # one server: one pool


def test_values_round_trip(cache):
    cache.set("session", {"user": 1}, 30)
    assert cache.get("session") == {"user": 1}
    cache.delete("session")
    assert cache.get("session") is None
