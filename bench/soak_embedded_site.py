"""Soak the embedded site: `make run`'s processes on SQLite and the embedded broker, with
bot-only tables playing for a while and a burst of new games half-way.

    .venv/bin/python bench/soak_embedded_site.py [--minutes 30] [--steady 20] [--burst 500]

It starts `manage.py run_site` (web, a worker per queue, beat) on a fresh VAR_DIR, keeps
`--steady` bot-only games in play for `--minutes`, deals `--burst` more at half time, then
waits for every game to finish. It fails (exit 1) if any process died, any game was left
unfinished or the log shows an error. A lost message cannot hide: the sweeper's resend of
a bot turn (BOT_TURN_RESEND) is pushed out of reach, so a bot turn that never arrives leaves
its game unfinished. Per-account table limits are lifted: one soak account hosts them all.
"""

import argparse
import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# (kind, players) dealt in turn; one Cap-It game (five rounds, ~240 moves) in four.
TABLES = [("capitalla", 2), ("capitalla", 3), ("capitalla", 4), ("capit", 4)]
BURST_TABLES = [("capitalla", 2), ("capitalla", 3), ("capitalla", 4)] * 3 + [("capit", 4)]
LOG_PROBLEMS = {
    "process exits": re.compile(r"exited with status"),
    "critical errors": re.compile(r"CRITICAL|Unrecoverable error"),
    "broker connections lost": re.compile(r"Connection to broker lost"),
    "tracebacks": re.compile(r"^Traceback", re.M),
    "broker refusals": re.compile(r"Could not enqueue"),
    "database locked": re.compile(r"database is locked"),
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def site_env(var_dir: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    lifted = str(10**6)
    return env | {
        "VAR_DIR": str(var_dir),
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "capitalla_site.settings",
        "OPEN_TABLE_LIMIT": lifted,
        "BOT_GAME_LIMIT": lifted,
        "NEW_TABLE_LIMIT": lifted,
        "BOT_TURN_RESEND": str(10**7),
    }


def health(url: str) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError:
        status = 0
    return status, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--steady", type=int, default=20)
    parser.add_argument("--burst", type=int, default=500)
    parser.add_argument("--drain-minutes", type=float, default=30, help="how long to wait for the last games")
    parser.add_argument("--var-dir", type=Path, default=None)
    args = parser.parse_args()

    var_dir = args.var_dir or Path(tempfile.mkdtemp(prefix="capitalla-soak-"))
    env = site_env(var_dir)
    os.environ.update(env)
    for key in ("REDIS_URL", "DATABASE_URL"):
        os.environ.pop(key, None)
    sys.path.insert(0, str(ROOT))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)

    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from games.actions import lifecycle
    from games.models import Event, Game

    addr = f"127.0.0.1:{free_port()}"
    log_path = var_dir / "run_site.log"
    log = log_path.open("w")
    site = subprocess.Popen(
        [sys.executable, "manage.py", "run_site", "--addr", addr],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    print(f"soak: site at http://{addr}/, VAR_DIR {var_dir}, log {log_path}", flush=True)

    host, _ = get_user_model().objects.get_or_create(username="soak", defaults={"display_name": "Soak"})
    tables, burst_tables = itertools.cycle(TABLES), itertools.cycle(BURST_TABLES)
    burst_ids: list[int] = []
    checks = Counter()
    slowest_check = 0.0

    def deal(kind: str, players: int) -> int:
        game = lifecycle.create_table(host, kind, seats=players, bots=players)
        return lifecycle.start_table(host, game.pk).pk

    def check_health() -> None:
        nonlocal slowest_check
        status, seconds = health(f"http://{addr}/healthz/")
        checks[status] += 1
        slowest_check = max(slowest_check, seconds)

    started = time.monotonic()
    end = started + args.minutes * 60
    burst_at, burst_started, burst_done = started + args.minutes * 30, None, None

    def note_burst_done() -> None:
        nonlocal burst_done
        if burst_ids and burst_done is None:
            if not Game.objects.filter(pk__in=burst_ids, status=Game.Status.ACTIVE).exists():
                burst_done = time.monotonic()

    def watch() -> None:
        note_burst_done()
        check_health()
        time.sleep(10)

    try:
        time.sleep(5)  # let the processes come up
        while time.monotonic() < end:
            active = Game.objects.filter(status=Game.Status.ACTIVE).exclude(pk__in=burst_ids).count()
            for _ in range(max(0, args.steady - active)):
                deal(*next(tables))
            if burst_started is None and time.monotonic() >= burst_at:
                burst_started = time.monotonic()
                burst_ids = [deal(*next(burst_tables)) for _ in range(args.burst)]
                print(
                    f"soak: burst of {args.burst} games dealt in {time.monotonic() - burst_started:.1f} s", flush=True
                )
            watch()
        drain_end = time.monotonic() + args.drain_minutes * 60
        while Game.objects.filter(status=Game.Status.ACTIVE).exists() and time.monotonic() < drain_end:
            watch()
        note_burst_done()
        ran = time.monotonic() - started
    finally:
        site.send_signal(signal.SIGTERM)
        site.wait(timeout=60)
        log.close()

    games = Game.objects.filter(host=host)
    by_status = Counter(games.values_list("status", flat=True))
    unfinished = by_status.get(Game.Status.ACTIVE, 0)
    moves = Event.objects.filter(game__host=host).count()
    text = log_path.read_text()
    problems = {name: len(pattern.findall(text)) for name, pattern in LOG_PROBLEMS.items()}
    burst_minutes = f"{(burst_done - burst_started) / 60:.1f}" if burst_done and burst_started else "not done"

    print(
        f"\nsoak: {args.minutes:g} min of play, {ran / 60:.1f} min in all (with the drain), "
        f"{args.steady} steady tables, burst of {len(burst_ids)}"
    )
    print(f"games dealt: {games.count()}; by status: {dict(by_status)}; unfinished: {unfinished}")
    print(f"events (moves and deals) recorded: {moves}, {moves / ran:.1f} a second over the run")
    print(f"burst: every game finished {burst_minutes} min after it was dealt")
    print(f"/healthz/ answers: {dict(checks)}; slowest {slowest_check:.2f} s")
    for name, count in problems.items():
        print(f"{name} in the log: {count}")
    failed = unfinished or any(problems.values()) or site.returncode not in (0, -signal.SIGTERM)
    print("soak: FAILED" if failed else "soak: passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
