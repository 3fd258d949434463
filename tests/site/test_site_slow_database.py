"""A slow database is an answer, not a hang (issue 49). The site under gunicorn, as the
operators' guide runs it, on the test's PostgreSQL database; a connection of the test's own
holds a lock on the games' table, as a long migration or a stuck transaction would. Every
request that reads the games waits past the web's lock bound (capitalla_site/db_timeouts.py)
and answers within 3 s: the lobby with the busy page (503, Retry-After), the API with JSON,
`/healthz/` with 503 and "database": "unreachable". The server logs one warning line for
each refused request, no traceback. Once the lock goes, the same requests answer 200."""

import json
import os
import time
import urllib.error
import urllib.request
from email.message import Message
from urllib.parse import urlsplit

import psycopg
import pytest
from django.db import connection, connections
from production_site import gunicorn, manage

from api import tokens
from tables.actions import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)

# The web's lock bound is 2 s; the answer may take a little more, never a hang.
ANSWERED_WITHIN = 3.0


def needs(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the slow database test: {reason}")
    pytest.skip(reason)


@pytest.fixture
def production_services() -> dict:
    """The environment of a site on the test's PostgreSQL database and its Redis, as in production."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres") or not os.environ.get("REDIS_URL"):
        needs("needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
    database = urlsplit(url)._replace(path="/" + connection.settings_dict["NAME"]).geturl()
    return {"DATABASE_URL": database, "REDIS_URL": os.environ["REDIS_URL"]}


def fetch(port: int, path: str, headers: dict | None = None) -> tuple[int, Message, str, float]:
    """status, headers (any case), body and seconds taken of one GET."""
    started = time.monotonic()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as refused:
        answer = refused.code, refused.headers, refused.read().decode()
    return *answer, time.monotonic() - started


def test_a_lock_held_in_the_database_is_a_quick_503_not_a_hang(tmp_path, alice, production_services):
    lifecycle.create_table(alice, "capitalla", seats=2)  # the lobby lists it: a read of the games
    bearer = {"Authorization": f"Bearer {tokens.create(alice, 'slow', ('read', 'play'))[1]}"}
    connections.close_all()
    # Plain HTTP from the test, no TLS proxy in front: no redirect to https.
    env = {**production_services, "LOG_LEVEL": "WARNING", "SECURE_SSL_REDIRECT": "0"}
    assert manage(tmp_path, "collectstatic", "--noinput", **env).returncode == 0
    log = tmp_path / "gunicorn.log"
    with gunicorn(tmp_path, log=log, **env) as port, psycopg.connect(env["DATABASE_URL"]) as locker:
        assert fetch(port, "/")[0] == 200
        locker.execute("LOCK TABLE games_game IN ACCESS EXCLUSIVE MODE")  # held until the rollback

        status, headers, body, took = fetch(port, "/")
        assert (status, headers.get("Retry-After")) == (503, "5") and "busy" in body and took < ANSWERED_WITHIN
        status, headers, body, took = fetch(port, "/api/v1/tables", bearer)
        assert status == 503 and json.loads(body)["detail"].startswith("The server is busy") and took < ANSWERED_WITHIN
        status, _, body, took = fetch(port, "/healthz/")
        assert status == 503 and json.loads(body)["database"] == "unreachable" and took < ANSWERED_WITHIN

        locker.rollback()
        assert fetch(port, "/")[0] == 200
        assert fetch(port, "/api/v1/tables", bearer)[0] == 200
    logged = log.read_text()
    assert "Traceback" not in logged
    assert [line for line in logged.splitlines() if "ran past its bound" in line] == [
        "Service Unavailable: /: a lock wait ran past its bound",
        "The API was too busy for GET /api/v1/tables: a lock wait ran past its bound",
    ]
