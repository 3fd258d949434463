"""HTTP cost of the game endpoints against a bare Django view doing one indexed SELECT,
all on one server (gunicorn, one worker: uvicorn as in production, or with
BENCH_SERVER=wsgi the sync worker of before) and PostgreSQL, in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/capitalla_bench REDIS_URL=redis://127.0.0.1:6379/14 \
        [BENCH_SERVER=wsgi] .venv/bin/python bench/bench_http.py

Targets: an unchanged poll <= 1.5x the bare view; a move POST <= 5x; the API's move POST
(JSON, a bearer token, issue 26) <= 1.2x the browser's, measured in the same rounds.
"""

import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import time

from http_site import ROOT, ensure_database

PORT = int(os.environ.get("BENCH_PORT", "8765"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "400"))
# The production server (gunicorn + a uvicorn worker, ASGI) or the sync worker it replaced.
SERVERS = {
    "asgi": ["capitalla_site.asgi:application", "-k", "capitalla_site.asgi_worker.Worker"],
    "wsgi": ["capitalla_site.wsgi:application"],
}
SERVER = os.environ.get("BENCH_SERVER", "asgi")


def setup_table():
    import django
    from django.core.management import call_command
    from django.test import Client

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    from api import tokens

    User = get_user_model()
    players = [User.objects.get_or_create(username=f"bench-{n}")[0] for n in ("alice", "bob")]
    game = deal(players)
    cookies = []
    for user in players:
        client = Client()
        client.force_login(user)
        csrf = secrets.token_hex(16)
        cookies.append((f"sessionid={client.cookies['sessionid'].value}; csrftoken={csrf}", csrf))
    bearers = [f"Bearer {tokens.create(user, 'bench', ['read', 'play'])[1]}" for user in players]
    return game, cookies, bearers


def deal(players):
    """A new two-player Capitalla table, dealt: the first player to act is seat 0."""
    from tables.actions import lifecycle

    game = lifecycle.create_table(players[0], "capitalla", seats=2)
    lifecycle.join_table(players[1], game.pk)
    return lifecycle.start_table(players[0], game.pk)


def timed(conn, method, url, headers, body=None):
    started = time.perf_counter()
    conn.request(method, url, body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    elapsed = time.perf_counter() - started
    return response.status, elapsed


def next_move(game):
    """(the game now, the seat to act, its move): draw from the pile, or discard the first
    card; a game that ended is dealt again for the same players."""
    from tables.models import Game

    game = Game.objects.get(pk=game.pk)
    if game.status != Game.Status.ACTIVE:
        game = deal([seat.user for seat in game.seat_list])
    seat = game.to_act[0]
    if game.state["phase"] == "pick":
        return game, seat, {"type": "draw", "from": "pile"}
    return game, seat, {"type": "discard", "card": game.state["hands"][seat][0]}


def as_form(version: int, move: dict) -> str:
    return "&".join([f"version={version}", *(f"{key}={value}" for key, value in move.items())])


def main():
    ensure_database(os.environ["DATABASE_URL"])
    game, cookies, bearers = setup_table()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", *SERVERS[SERVER]]
        + ["--workers", "1", "--bind", f"127.0.0.1:{PORT}", "--log-level", "warning"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "bench.http_settings"},
    )
    try:
        time.sleep(2)
        conn = http.client.HTTPConnection("127.0.0.1", PORT)
        samples = {
            "bare view (1 indexed SELECT)": [],
            "poll, unchanged (204)": [],
            "move POST (htmx)": [],
            "move POST (API, JSON)": [],
        }
        for i in range(ROUNDS + 20):
            game, seat, move = next_move(game)
            cookie, csrf = cookies[seat]
            get_headers = {"Cookie": cookie, "HX-Request": "true"}
            results = [
                timed(conn, "GET", f"/bench/bare/{game.pk}/", {"Cookie": cookie}),
                timed(conn, "GET", f"/games/{game.pk}/?since={game.version}&said=0", get_headers),
                timed(
                    conn,
                    "POST",
                    f"/games/{game.pk}/move/",
                    {
                        **get_headers,
                        "X-CSRFToken": csrf,
                        "Content-Type": "application/x-www-form-urlencoded",
                    },
                    as_form(game.version, move),
                ),
            ]
            game, seat, move = next_move(game)  # the API plays the move after it
            results.append(
                timed(
                    conn,
                    "POST",
                    f"/api/v1/games/{game.pk}/moves",
                    {"Authorization": bearers[seat], "Content-Type": "application/json"},
                    json.dumps({"version": game.version, "move": move}),
                )
            )
            expected = (200, 204, 200, 200)
            for (status, _), want in zip(results, expected):
                if status != want:
                    raise SystemExit(f"unexpected status {status} (wanted {want}) in round {i}")
            if i >= 20:  # the first rounds warm up connections and caches
                for (_, seconds), name in zip(results, samples):
                    samples[name].append(seconds * 1000)
        bare = statistics.median(samples["bare view (1 indexed SELECT)"])
        worker = "1 uvicorn worker (ASGI)" if SERVER == "asgi" else "1 sync worker (WSGI)"
        print(f"{ROUNDS} rounds, gunicorn {worker}, PostgreSQL, a new connection per request\n")
        print(f"{'endpoint':32} {'median ms':>10} {'p90 ms':>8} {'x bare':>7}")
        for name, values in samples.items():
            p90 = statistics.quantiles(values, n=10)[-1]
            print(f"{name:32} {statistics.median(values):10.2f} {p90:8.2f} {statistics.median(values) / bare:7.2f}")
        api, browser = (statistics.median(samples[f"move POST ({kind})"]) for kind in ("API, JSON", "htmx"))
        print(f"\nAPI move POST / browser move POST: {api / browser:.2f} (target <= 1.2)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
