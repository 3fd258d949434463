"""Site settings plus a bare baseline view, for bench/bench_http.py only."""

from capitalla_site.settings import *  # noqa: F401,F403

ROOT_URLCONF = "bench.http_urls"
DEBUG = False
LOGGING = {"version": 1, "disable_existing_loggers": True}
# The API's rate limits are counted as in production (one Redis INCR per request), but
# set out of the bench's way: it posts a move every few milliseconds.
API_READS_PER_MINUTE = API_WRITES_PER_MINUTE = 10_000_000
