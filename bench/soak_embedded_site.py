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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--steady", type=int, default=20)
    parser.add_argument("--burst", type=int, default=500)
    parser.add_argument("--drain-minutes", type=float, default=30, help="how long to wait for the last games")
    parser.add_argument("--var-dir", type=Path, default=None)
    return parser.parse_args()


def set_up(var_dir: Path) -> dict[str, str]:
    """The site's environment, in this process too; its database migrated and Django set up."""
    env = site_env(var_dir)
    os.environ.update(env)
    for key in ("REDIS_URL", "DATABASE_URL"):
        os.environ.pop(key, None)
    sys.path.insert(0, str(ROOT))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)

    import django

    django.setup()
    return env


class Soak:
    """The bot-only tables kept in play, the burst, and the health checks along the way."""

    def __init__(self, addr: str, args: argparse.Namespace):
        from django.contrib.auth import get_user_model

        self.addr, self.args = addr, args
        self.host, _ = get_user_model().objects.get_or_create(username="soak", defaults={"display_name": "Soak"})
        self.tables, self.burst_tables = itertools.cycle(TABLES), itertools.cycle(BURST_TABLES)
        self.burst_ids: list[int] = []
        self.burst_started: float | None = None
        self.burst_done: float | None = None
        self.checks: Counter = Counter()
        self.slowest_check = 0.0

    def deal(self, kind: str, players: int) -> int:
        from tables.actions import lifecycle

        game = lifecycle.create_table(self.host, kind, seats=players, bots=players)
        return lifecycle.start_table(self.host, game.pk).pk

    def play(self) -> float:
        """Keep the steady tables in play, deal the burst at half time, then wait for every
        game to finish (or the drain's time to run out). Returns the seconds it all took."""
        from tables.models import Game

        started = time.monotonic()
        end = started + self.args.minutes * 60
        burst_at = started + self.args.minutes * 30
        time.sleep(5)  # let the processes come up
        while time.monotonic() < end:
            active = Game.objects.filter(status=Game.Status.ACTIVE).exclude(pk__in=self.burst_ids).count()
            for _ in range(max(0, self.args.steady - active)):
                self.deal(*next(self.tables))
            if self.burst_started is None and time.monotonic() >= burst_at:
                self.burst()
            self.watch()
        drain_end = time.monotonic() + self.args.drain_minutes * 60
        while Game.objects.filter(status=Game.Status.ACTIVE).exists() and time.monotonic() < drain_end:
            self.watch()
        self.note_burst_done()
        return time.monotonic() - started

    def burst(self) -> None:
        self.burst_started = time.monotonic()
        self.burst_ids = [self.deal(*next(self.burst_tables)) for _ in range(self.args.burst)]
        print(
            f"soak: burst of {self.args.burst} games dealt in {time.monotonic() - self.burst_started:.1f} s", flush=True
        )

    def note_burst_done(self) -> None:
        from tables.models import Game

        if self.burst_ids and self.burst_done is None:
            if not Game.objects.filter(pk__in=self.burst_ids, status=Game.Status.ACTIVE).exists():
                self.burst_done = time.monotonic()

    def check_health(self) -> None:
        status, seconds = health(f"http://{self.addr}/healthz/")
        self.checks[status] += 1
        self.slowest_check = max(self.slowest_check, seconds)

    def watch(self) -> None:
        self.note_burst_done()
        self.check_health()
        time.sleep(10)

    def report(self, ran: float, log_text: str, returncode: int | None) -> bool:
        """Print what the soak did and found; whether it failed."""
        from tables.models import Event, Game

        args = self.args
        games = Game.objects.filter(host=self.host)
        by_status = Counter(games.values_list("status", flat=True))
        unfinished = by_status.get(Game.Status.ACTIVE, 0)
        moves = Event.objects.filter(game__host=self.host).count()
        problems = {name: len(pattern.findall(log_text)) for name, pattern in LOG_PROBLEMS.items()}
        done, dealt = self.burst_done, self.burst_started
        burst_minutes = f"{(done - dealt) / 60:.1f}" if done and dealt else "not done"
        print(
            f"\nsoak: {args.minutes:g} min of play, {ran / 60:.1f} min in all (with the drain), "
            f"{args.steady} steady tables, burst of {len(self.burst_ids)}"
        )
        print(f"games dealt: {games.count()}; by status: {dict(by_status)}; unfinished: {unfinished}")
        print(f"events (moves and deals) recorded: {moves}, {moves / ran:.1f} a second over the run")
        print(f"burst: every game finished {burst_minutes} min after it was dealt")
        print(f"/healthz/ answers: {dict(self.checks)}; slowest {self.slowest_check:.2f} s")
        for name, count in problems.items():
            print(f"{name} in the log: {count}")
        return bool(unfinished or any(problems.values()) or returncode not in (0, -signal.SIGTERM))


def main() -> int:
    args = parse_args()
    var_dir = args.var_dir or Path(tempfile.mkdtemp(prefix="capitalla-soak-"))
    env = set_up(var_dir)
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
    soak = Soak(addr, args)
    try:
        ran = soak.play()
    finally:
        site.send_signal(signal.SIGTERM)
        site.wait(timeout=60)
        log.close()
    failed = soak.report(ran, log_path.read_text(), site.returncode)
    print("soak: FAILED" if failed else "soak: passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
