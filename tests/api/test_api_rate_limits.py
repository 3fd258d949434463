"""Rate limits per account, all its tokens together: a fixed window per minute for reads
and for writes, counted in Redis (or the cache without it); past the budget, 429 JSON with
Retry-After. Long-polls held at once per account are capped too. More tokens do not buy
more requests."""

import pytest
from django.core.cache import cache

from api import limits

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["redis", "cache"])
def counter(request, settings):
    """The counter in Redis (REDIS_URL, the test's own db) or, without Redis, in the cache."""
    if request.param == "cache":
        settings.REDIS_URL = ""
    elif not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL")
    cache.clear()
    limits._redis.cache_clear()
    yield request.param
    if request.param == "redis":
        client = limits._redis(settings.REDIS_URL)
        keys = client.keys("api:rate:*")
        if keys:
            client.delete(*keys)


def test_reads_past_the_budget_get_429_with_retry_after(counter, settings, api_as, alice):
    settings.API_READS_PER_MINUTE = 3
    client = api_as(alice)
    answers = [client.get("/me") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert 1 <= int(answers[-1]["Retry-After"]) <= 61 and "3 a minute" in answers[-1].json()["detail"]


def test_writes_have_their_own_budget(counter, settings, api_as, alice, table):
    settings.API_WRITES_PER_MINUTE = 1
    client = api_as(alice)
    assert client.post(f"/games/{table.pk}/chat", {"text": "one"}).status_code == 201
    assert client.post(f"/games/{table.pk}/chat", {"text": "two"}).status_code == 429
    assert client.get("/me").status_code == 200


def test_an_accounts_tokens_share_one_budget(counter, settings, api_as, alice, bob):
    settings.API_READS_PER_MINUTE = 2
    first, second = api_as(alice), api_as(alice)
    assert first.get("/me").status_code == 200 and second.get("/me").status_code == 200
    refused = [first.get("/me"), second.get("/me"), api_as(alice).get("/me")]  # a new token too
    assert [a.status_code for a in refused] == [429, 429, 429]
    assert "your tokens may make 2 a minute together" in refused[0].json()["detail"]
    assert api_as(bob).get("/me").status_code == 200  # another account counts alone


def test_the_window_starts_again_each_minute(counter, settings, alice):
    settings.API_READS_PER_MINUTE = 1
    limits.take(alice.pk, "read", now=120.0)
    with pytest.raises(limits.RateLimited) as refused:
        limits.take(alice.pk, "read", now=150.0)
    assert refused.value.retry_after == 31
    limits.take(alice.pk, "read", now=180.0)


def test_redis_down_counts_in_the_cache_and_says_so_once(settings, api_as, alice, caplog, monkeypatch):
    monkeypatch.setattr(limits.outage, "since", None)
    redis_url = settings.REDIS_URL
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.API_READS_PER_MINUTE = 1
    limits._redis.cache_clear()
    cache.clear()
    client = api_as(alice)
    assert [client.get("/me").status_code for _ in range(3)] == [200, 429, 429]
    # One line for the outage, not one a request (found by a QA pass: a line each).
    assert [r.getMessage() for r in caplog.records if r.name == limits.__name__] == [
        "API rate limits: Redis unreachable (ConnectionError), counting in each process's cache until it is back."
    ]
    if redis_url:
        settings.REDIS_URL = redis_url
        client.get("/me")
        assert "API rate limits: counting in Redis again after" in caplog.records[-1].getMessage()


def test_long_polls_held_at_once_are_capped(settings, api_as, alice, table, monkeypatch):
    settings.API_LONG_POLLS_PER_ACCOUNT = 1
    monkeypatch.setattr("api.views.LONG_POLL_EVERY", 0.05)
    client = api_as(alice)
    with limits.long_poll_slot(alice.pk):  # one long-poll already waits, by another of her tokens
        answer = client.get(f"/games/{table.pk}/events", after=table.version, wait=1)
        assert answer.status_code == 429 and answer["Retry-After"]
        assert answer.json()["detail"] == "Your tokens hold as many long-polls as they may (1): wait for one to end."
    assert client.get(f"/games/{table.pk}/events", after=table.version, wait=0).status_code == 200


def test_long_polls_held_at_once_by_all_tokens_are_capped(settings, api_as, alice, bob, table):
    settings.API_LONG_POLLS_PER_PROCESS = 1
    with limits.long_poll_slot(-1):  # another token's long-poll waits
        answer = api_as(bob).get(f"/games/{table.pk}/events", after=table.version, wait=1)
        assert answer.status_code == 429 and answer["Retry-After"] == "1"
