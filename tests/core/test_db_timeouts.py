"""Each process's database bounds (capitalla_site/db_timeouts.py): the web's, a worker's
and the sweep's, set on the connection options of PostgreSQL, overridden by the process's
environment, and recognised when a request runs past them."""

import pytest
from django.db import OperationalError
from psycopg.errors import LockNotAvailable, QueryCanceled
from psycopg_pool import PoolTimeout

from capitalla_site import db_timeouts


@pytest.fixture
def postgres(settings):
    settings.DATABASES = {
        "default": {"ENGINE": "django.db.backends.postgresql", "OPTIONS": {"options": "-c search_path=x"}}
    }
    return settings.DATABASES["default"]


def test_the_web_waits_5_s_for_a_statement_and_2_for_a_lock(postgres, monkeypatch):
    monkeypatch.delenv("DB_STATEMENT_TIMEOUT", raising=False)
    monkeypatch.delenv("DB_LOCK_TIMEOUT", raising=False)
    db_timeouts.bound("web")
    assert postgres["OPTIONS"]["options"] == "-c search_path=x -c statement_timeout=5000 -c lock_timeout=2000"


def test_bounding_again_replaces_the_bounds(postgres, monkeypatch):
    monkeypatch.setenv("DB_STATEMENT_TIMEOUT", "7.5")
    db_timeouts.bound("web")
    db_timeouts.bound("sweep")
    assert postgres["OPTIONS"]["options"] == "-c search_path=x -c statement_timeout=7500 -c lock_timeout=10000"


def test_sqlite_is_left_as_it_is(settings):
    settings.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "OPTIONS": {"timeout": 20}}}
    db_timeouts.bound("web")
    assert settings.DATABASES["default"]["OPTIONS"] == {"timeout": 20}


@pytest.mark.parametrize(
    "queues, role",
    [("bots", "worker"), (["mail"], "worker"), ("sweep", "sweep"), ("bots,sweep", "sweep"), (None, "sweep")],
)
def test_a_workers_role_comes_from_its_queues(queues, role):
    assert db_timeouts.worker_role(queues) == role


def wrapped(cause) -> OperationalError:
    error = OperationalError("wrapped")
    error.__cause__ = cause
    return error


def test_the_waits_that_broke_nothing_are_told_apart():
    assert db_timeouts.database_busy(wrapped(PoolTimeout())) == "no database connection free in time"
    assert db_timeouts.database_busy(wrapped(QueryCanceled())) == "a statement ran past its bound"
    assert db_timeouts.database_busy(wrapped(LockNotAvailable())) == "a lock wait ran past its bound"
    assert db_timeouts.database_busy(wrapped(ValueError())) is None
    assert db_timeouts.database_busy(QueryCanceled()) is None  # not through Django: not a request's wait
