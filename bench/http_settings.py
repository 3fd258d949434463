"""Site settings plus a bare baseline view, for bench/bench_http.py only."""

from capitalla_site.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.http_urls"
DEBUG = False
LOGGING = {"version": 1, "disable_existing_loggers": True}
