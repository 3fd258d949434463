"""How long one POST of a big `cards` field keeps a web process busy: the Cap-It hand-order
view (an htmx request, which reads the meld builder's cards) and the meld check, sent by
an anonymous client and by a seated player, in process through Django's test client, on a
throw-away test database.

    .venv/bin/python bench/bench_big_posts.py [largest size in KB, default 2500]

The field is a comma list of distinct card-like ids (`0,1,2,…,1F3A,…`), the worst case for
a de-duplication that searches a list. Sizes double from 25 KB up to the largest body
Django accepts (DATA_UPLOAD_MAX_MEMORY_SIZE); a size is skipped once one took > 30 s.
"""

import logging
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
GIVE_UP_SECONDS = 30


def cards_field(size: int) -> str:
    parts, length, n = [], 0, 0
    while length < size:
        part = f"{n:X}"
        parts.append(part)
        length += len(part) + 1
        n += 1
    return ",".join(parts)[:size]


def main(largest_kb: int) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import setup_databases, setup_test_environment

    setup_test_environment()
    setup_databases(verbosity=0, interactive=False)
    from tables.actions import lifecycle

    host = get_user_model().objects.create_user("bench-host")
    game = lifecycle.start_table(host, lifecycle.create_table(host, "capit", seats=4, bots=3).pk)
    largest = min(largest_kb * 1000, settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 100)
    sizes, size = [], 25_000
    while size < largest:
        sizes.append(size)
        size *= 2
    sizes.append(largest)
    logging.disable(logging.WARNING)  # no "Forbidden: …" line per refused request
    anonymous, player = Client(), Client()
    player.force_login(host)
    print(f"{'url':<32} {'who':<9} {'field KB':>8} {'status':>6} {'seconds':>8}")
    for url in (f"/games/{game.pk}/capit/hand-order/", f"/games/{game.pk}/capit/check/"):
        for who, client in (("anonymous", anonymous), ("player", player)):
            slow = False
            for size in sizes:
                if slow:
                    print(f"{url:<32} {who:<9} {size // 1000:8} {'-':>6} {'skipped':>8}")
                    continue
                body = f"order=suit&cards={cards_field(size)}"
                started = time.perf_counter()
                response = client.post(
                    url, body, content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true"
                )
                elapsed = time.perf_counter() - started
                print(f"{url:<32} {who:<9} {size // 1000:8} {response.status_code:6} {elapsed:8.3f}", flush=True)
                slow = elapsed > GIVE_UP_SECONDS


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2500)
