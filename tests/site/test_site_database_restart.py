"""A database that restarts is not minutes of errors. A web process's pool kept the
connections the restart had cut, and lent them one by one to requests that failed with
500 (and `/healthz/` with 503) long after PostgreSQL was back. The settings' pool now
checks each connection as it lends it. Here the database is reached through a relay of
the test's own, which is cut and started again, as a restart does."""

import os
import runpy
import shutil
import signal
import socket
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from celery_processes import wait_for
from django.conf import settings as django_settings
from psycopg_pool import ConnectionPool

from tests.mail_servers import free_port

SETTINGS_FILE = Path(django_settings.BASE_DIR) / "capitalla_site" / "settings.py"


def needs(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the database restart test: {reason}")
    pytest.skip(reason)


class Relay:
    """socat from a port of ours to the database's, in a process group of its own (its
    forked children carry the connections: cutting them is killing the group)."""

    def __init__(self, port: int, host: str, target: int):
        self.args = ["socat", f"TCP-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork", f"TCP:{host}:{target}"]
        self.port, self.process = port, None

    def start(self):
        self.process = subprocess.Popen(self.args, start_new_session=True)
        assert wait_for(lambda: _listening(self.port), timeout=10), "the relay did not start"

    def cut(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def relayed_database(monkeypatch):
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        needs("DATABASE_URL must name a PostgreSQL database")
    if shutil.which("socat") is None:
        needs("socat is not installed")
    address = urlsplit(url)
    relay = Relay(free_port(), address.hostname, address.port or 5432)
    relay.start()
    monkeypatch.setenv("DATABASE_URL", address._replace(netloc=f"{address.username}@127.0.0.1:{relay.port}").geturl())
    try:
        yield relay
    finally:
        relay.cut()


def test_after_a_restart_the_pool_lends_no_dead_connection(relayed_database):
    configured = runpy.run_path(str(SETTINGS_FILE))["DATABASES"]["default"]
    options = dict(configured["OPTIONS"]["pool"])
    conninfo = f"host=127.0.0.1 port={relayed_database.port} dbname={configured['NAME']} user={configured['USER']}"
    with ConnectionPool(conninfo, open=True, **{**options, "timeout": 5}) as pool:
        pool.wait()
        with pool.connection() as conn:
            assert conn.execute("select 1").fetchone() == (1,)
        relayed_database.cut()  # PostgreSQL goes away: the pooled connection dies
        relayed_database.start()  # and comes back
        for _ in range(options["max_size"] + 1):  # every connection the pool lends works
            with pool.connection() as conn:
                assert conn.execute("select 1").fetchone() == (1,)
