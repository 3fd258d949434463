"""`make test` runs pytest-xdist workers; each takes a Redis db of its own
(tests/parallel_workers.py), so one worker's Celery worker never takes the other's tasks."""

from tests.parallel_workers import _redis_url_for


def test_worker_n_takes_the_db_n_below_redis_urls():
    assert _redis_url_for("redis://127.0.0.1:6379/12", 0) == "redis://127.0.0.1:6379/12"
    assert _redis_url_for("redis://127.0.0.1:6379/12", 1) == "redis://127.0.0.1:6379/11"


def test_the_dbs_wrap_within_redis_sixteen_and_keep_the_query():
    assert _redis_url_for("redis://h:1/0?timeout=2", 1) == "redis://h:1/15?timeout=2"
    assert _redis_url_for("redis://h:1", 2) == "redis://h:1/14"


def test_tls_and_a_password_are_kept():
    assert _redis_url_for("rediss://user:pw@h:1/3", 1) == "rediss://user:pw@h:1/2"


def test_an_address_it_does_not_read_is_left_alone():
    assert _redis_url_for("unix:///run/redis.sock?db=3", 1) == "unix:///run/redis.sock?db=3"
