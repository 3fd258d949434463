"""Server push under load, against today's polling, in one run: gunicorn with uvicorn
workers (the production server) on PostgreSQL and Redis; the open pages in a process of
their own (bench/push_pages.py); moves made here, through `tables.actions`, 20 a second.

    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/capitalla_bench REDIS_URL=redis://127.0.0.1:6379/14 \\
        .venv/bin/python bench/bench_push.py [--pages 1 1000 10000] [--seconds 20]

For each number of open pages (two per table, watching it), push then polling:
- delivery: from a move's commit (its news published) to the event at the other pages of
  its table: p50, p95, p99;
- on screen: from the commit to the new table fetched by the opponent's page (one page per
  table fetches; under polling, the first poll that shows the new version);
- cost: the server's memory per open stream, its CPU while the pages sit idle for
  --idle seconds (and how many requests they made meanwhile), and during the moves.
Targets (issue 25): delivery p95 <= 30 ms and on screen p95 <= 100 ms at 10,000 pages;
<= 50 KB a stream; <= 10% of one core with 10,000 idle pages, and no requests.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from http_site import ROOT, ensure_database

# Playwright's sync API runs an event loop in this thread; our ORM calls stay plain sync code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
# The bench opens thousands of tables for a handful of players.
for limit in ("OPEN_TABLE_LIMIT", "NEW_TABLE_LIMIT", "BOT_GAME_LIMIT"):
    os.environ.setdefault(limit, "1000000")
PORT = int(os.environ.get("BENCH_PORT", "8766"))
PLAYERS = 20


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def process_tree(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    kids = [int(k) for k in children.read_text().split()] if children.exists() else []
    return [pid] + [p for kid in kids for p in process_tree(kid)]


def cpu_seconds(pids) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def rss_kb(pids) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            continue
    return total


def setup_tables(count: int):
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    from tables.actions import lifecycle
    from tables.models import Game

    User = get_user_model()
    players = [User.objects.get_or_create(username=f"bench-push-{n}")[0] for n in range(PLAYERS)]
    tables = list(
        Game.objects.filter(status=Game.Status.ACTIVE, host__username__startswith="bench-push-", private=False)
        .order_by("pk")
        .values_list("pk", flat=True)[:count]
    )
    made = 0
    while len(tables) < count:
        host, guest = random.sample(players, 2)
        game = lifecycle.create_table(host, "capitalla", seats=2)
        lifecycle.join_table(guest, game.pk)
        tables.append(lifecycle.start_table(host, game.pk).pk)
        made += 1
    if made:
        print(f"made {made} tables", flush=True)
    return tables


def start_server(workers: int):
    command = [sys.executable, "-m", "gunicorn", "capitalla_site.asgi:application"]
    command += ["-k", "capitalla_site.asgi_worker.Worker", "--workers", str(workers)]
    command += ["--bind", f"127.0.0.1:{PORT}", "--log-level", "warning", "--backlog", "4096"]
    server = subprocess.Popen(command, cwd=ROOT, env=os.environ.copy())
    time.sleep(3)
    return server


class Mover:
    """Moves through `tables.actions`, as the browser's POST would make them; the moment each
    move's news is published (right after its commit) is its start."""

    def __init__(self):
        from live import news

        self.published = {}  # (game, version) -> when
        publish = news.publish

        def timed_publish(message):
            publish(message)
            if message.get("v") is not None:
                self.published[(message["game"], message["v"])] = time.time()

        news.publish = timed_publish

    def move(self, game_id: int) -> bool:
        from tables.actions import player_moves
        from tables.models import Game

        game = Game.objects.select_related(None).get(pk=game_id)
        if game.status != Game.Status.ACTIVE or not game.to_act:
            return False
        seat = game.to_act[0]
        user = next(s.user for s in game.seats.select_related("user") if s.index == seat)
        move = game.plugin.bots["normal"].choose(game.state, seat, random.Random(game.version))
        if move.get("type") == "declare":  # keep the table going
            move = {"type": "discard", "card": move["discard"]}
        player_moves.play_move(user, game_id, game.version, move)
        return True


def run(mode: str, pages: int, tables: list[int], seconds: float, idle: float, rate: float, server_pids):
    from tables.models import Game

    per_table = 2
    used = tables[: max(1, pages // per_table)]
    shown = dict(Game.objects.filter(pk__in=used).values_list("pk", "version"))
    with tempfile.TemporaryDirectory() as tmp:
        pages_file, results_file = Path(tmp) / "pages", Path(tmp) / "results.json"
        pages_file.write_text(f"{pages}\n" + "".join(f"{g} {shown[g]}\n" for g in used))
        memory_before = rss_kb(server_pids())
        client = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "push_pages.py"), str(PORT), mode, str(pages_file)]
            + [str(results_file), "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        ready = client.stdout.readline().split()
        opened, failed = int(ready[1]), int(ready[2])
        time.sleep(2)
        memory_after = rss_kb(server_pids())
        cpu_idle_start = cpu_seconds(server_pids())
        time.sleep(idle)
        cpu_idle = (cpu_seconds(server_pids()) - cpu_idle_start) / idle
        mover = Mover()
        moved, cpu_moves_start, started = 0, cpu_seconds(server_pids()), time.monotonic()
        while time.monotonic() - started < seconds:
            due = started + moved / rate
            time.sleep(max(0.0, due - time.monotonic()))
            if mover.move(random.choice(used)):
                moved += 1
        time.sleep(3 if mode == "push" else 2 * 2.0 + 2)  # the last news and fetches land
        cpu_moves = (cpu_seconds(server_pids()) - cpu_moves_start) / (time.monotonic() - started)
        client.stdin.write("stop\n")
        client.stdin.flush()
        client.wait(timeout=120)
        results = json.loads(results_file.read_text())
    published = mover.published
    first_arrival = {}
    for game, version, when in results["arrived"]:
        key = (game, version)
        if key in published:
            first_arrival.setdefault(key, []).append((when - published[key]) * 1000)
    delivery = [ms for per_page in first_arrival.values() for ms in per_page]
    on_screen = [(when - published[(g, v)]) * 1000 for g, v, when in results["fetched"] if (g, v) in published]
    return {
        "mode": mode,
        "pages": pages,
        "opened": opened if mode == "push" else pages,
        "failed": failed,
        "moves": moved,
        "delivery": delivery,
        "on_screen": on_screen,
        "kb_per_page": (memory_after - memory_before) / max(1, opened) if mode == "push" else None,
        "cpu_idle": cpu_idle,
        "cpu_moves": cpu_moves,
        "requests": results["requests"],
    }


def report(row):
    def stats(values):
        if not values:
            return "      -       -       -"
        return f"{percentile(values, 50):7.1f} {percentile(values, 95):7.1f} {percentile(values, 99):7.1f}"

    memory = f"{row['kb_per_page']:6.1f}" if row["kb_per_page"] is not None else "     -"
    print(
        f"{row['mode']:5} {row['pages']:6} {row['opened']:6} {row['moves']:5} | {stats(row['delivery'])} | "
        f"{stats(row['on_screen'])} | {memory} | {100 * row['cpu_idle']:5.1f}% {100 * row['cpu_moves']:5.1f}% | "
        f"{row['requests']:7}",
        flush=True,
    )


# Set on the watching page before a move: window.seenAt becomes the moment its table shows
# a newer version than it did.
WATCH_VERSION = """() => {
  window.seenAt = null;
  const shown = Number(document.querySelector('#table').dataset.version);
  const observer = new MutationObserver(() => {
    const table = document.querySelector('#table');
    if (table && Number(table.dataset.version) > shown) { observer.disconnect(); window.seenAt = Date.now(); }
  });
  observer.observe(document.querySelector('[data-live]'), {subtree: true, childList: true, attributes: true});
}"""


def browser_moves(moves: int) -> list[float]:
    """Two players in two Chromium contexts: from a click on a move to the new table on
    the other player's screen, in ms, for `moves` moves (draws and discards, both seats)."""
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from tables.actions import lifecycle

    User = get_user_model()
    players = []
    for name in ("bench-browser-a", "bench-browser-b"):
        user = User.objects.get_or_create(username=name)[0]
        user.set_password("bench-browser-password")
        user.save()
        players.append(user)
    game = lifecycle.create_table(players[0], "capitalla", seats=2)
    lifecycle.join_table(players[1], game.pk)
    game = lifecycle.start_table(players[0], game.pk)
    base = f"http://127.0.0.1:{PORT}"
    elapsed = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        pages = []
        for user in players:
            page = browser.new_context(base_url=base).new_page()
            page.goto("/accounts/login/")
            page.fill("input[name=username]", user.username)
            page.fill("input[name=password]", "bench-browser-password")
            page.click("button[type=submit]")
            page.goto(game.get_absolute_url())
            page.wait_for_selector("[data-live-state=open]")
            page.on("dialog", lambda dialog: dialog.accept())
            pages.append(page)
        for _ in range(moves):
            game.refresh_from_db()
            if game.status != game.Status.ACTIVE:
                break
            mover, watcher = pages[game.to_act[0]], pages[1 - game.to_act[0]]
            watcher.evaluate(WATCH_VERSION)
            mover.wait_for_selector("[data-live-state=open]")
            if game.state["phase"] == "pick":
                mover.get_by_role("button", name="Draw from the pile").click()
                clicked = mover.evaluate("Date.now()")
            else:
                clicked = mover.evaluate("Date.now()")
                mover.locator("button[name=card]").first.click()
            watcher.wait_for_function("() => window.seenAt !== null", timeout=10_000)
            elapsed.append(watcher.evaluate("window.seenAt") - clicked)
            mover.wait_for_timeout(400)  # the mover's own table settles
        browser.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, nargs="+", default=[1, 1000, 10000])
    parser.add_argument("--seconds", type=float, default=20.0, help="of moves, per row")
    parser.add_argument("--idle", type=float, default=20.0, help="seconds the pages sit idle, per row")
    parser.add_argument("--rate", type=float, default=20.0, help="moves a second")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--modes", nargs="+", default=["push", "poll"])
    parser.add_argument("--browser", type=int, default=20, help="moves timed in Chromium (0: none)")
    args = parser.parse_args()

    ensure_database(os.environ["DATABASE_URL"])
    tables = setup_tables(max(1, max(args.pages) // 2))
    server = start_server(args.workers)
    try:
        print(
            f"gunicorn + {args.workers} uvicorn workers, PostgreSQL, Redis; {args.rate:g} moves/s for "
            f"{args.seconds:g} s; idle {args.idle:g} s\n"
        )
        print(
            "mode   pages opened moves | delivery ms p50/p95/p99 | on screen ms p50/p95/p99 |  KB/pg | "
            "CPU idle/moves | requests"
        )
        for pages in args.pages:
            for mode in args.modes:
                report(run(mode, pages, tables, args.seconds, args.idle, args.rate, lambda: process_tree(server.pid)))
        if args.browser:
            on_screen = browser_moves(args.browser)
            print(
                f"\nIn Chromium, two players: a move's click to the other player's screen, {len(on_screen)} moves: "
                f"p50 {percentile(on_screen, 50):.0f} ms, p95 {percentile(on_screen, 95):.0f} ms, "
                f"max {max(on_screen):.0f} ms (target <= 300 ms)"
            )
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
