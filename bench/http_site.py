"""What the HTTP benches share (bench_http.py, bench_push.py): the site's settings plus a
bare view (`bench.http_settings`, DEBUG off) on PostgreSQL and Redis, as in production.
A script runs as `python bench/<script>.py` and imports this module before Django."""

import os
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.http_settings"
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/capitalla_bench")
# As in production: Redis is the broker and carries the live news; sessions are read from
# the database.
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
os.environ.setdefault("BOT_MOVE_DELAY", "0")


def ensure_database(url: str) -> None:
    """Create the bench's PostgreSQL database if it is missing."""
    import psycopg

    name = urlparse(url).path.lstrip("/")
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
