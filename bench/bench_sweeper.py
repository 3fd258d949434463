"""One pass of the turn-clock sweeper over 10,000 games in play, 1% of them past their
deadline, on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/capitalla_bench .venv/bin/python bench/bench_sweeper.py

It fills the `capitalla_bench` database (created if missing) with 10,000 two-player
Capitalla games (bulk_create; every game shares one dealt state from the engine's
new_game), 100 of them with an expired deadline, then times `turn_timeouts.expire_overdue_turns`:
the claim (one conditional UPDATE per expired game) and the timeout policy (a bot plays
the missed turn: lock, timeout event, pick, discard, the next clock). Three rounds, each on
100 fresh expired games. Target: one pass <= 1 s. Then it prints EXPLAIN (ANALYZE) of the
sweeper's two statements: the SELECT of expired games and the claiming UPDATE.
"""

import os
import statistics
import time
from datetime import timedelta

from http_site import ensure_database  # the site's settings, DEBUG off, on PostgreSQL

os.environ.setdefault("BOT_MOVE_DELAY", "0")
GAMES = int(os.environ.get("BENCH_GAMES", "10000"))
EXPIRED = GAMES // 100
ROUNDS = 3


def setup(now):
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.db import connection

    from engine.registry import RULES
    from tables.models import Game, Seat, seed_digest

    User = get_user_model()
    alice, _ = User.objects.get_or_create(username="sweep-alice", defaults={"display_name": "Alice"})
    bob, _ = User.objects.get_or_create(username="sweep-bob", defaults={"display_name": "Bob"})
    with connection.cursor() as cursor:  # a clean slate: the games of earlier runs go
        cursor.execute(
            "DELETE FROM games_event WHERE game_id IN (SELECT id FROM games_game WHERE host_id = %s)", [alice.pk]
        )
        cursor.execute(
            "DELETE FROM games_seat WHERE game_id IN (SELECT id FROM games_game WHERE host_id = %s)", [alice.pk]
        )
        cursor.execute(
            "DELETE FROM games_hand WHERE game_id IN (SELECT id FROM games_game WHERE host_id = %s)", [alice.pk]
        )
        cursor.execute("DELETE FROM games_game WHERE host_id = %s", [alice.pk])

    seed = 20240601
    state = RULES["capitalla"].new_game(2, {}, seed)
    started = time.perf_counter()
    games = Game.objects.bulk_create(
        [
            Game(
                kind="capitalla",
                host=alice,
                num_seats=2,
                status=Game.Status.ACTIVE,
                seed=seed,
                seed_hash=seed_digest(seed),
                state=state,
                version=0,
                to_act=[0],
                started_at=now,
                turn_seconds=86400,
                clock_seat=0,
                # 1% expired a minute ago; the rest run out over the next day
                deadline=now - timedelta(minutes=1) if i % 100 == 0 else now + timedelta(seconds=600 + 8 * i),
            )
            for i in range(GAMES)
        ],
        batch_size=1000,
    )
    Seat.objects.bulk_create(
        [Seat(game=g, index=i, user=u) for g in games for i, u in enumerate((alice, bob))], batch_size=2000
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")
        cursor.execute("ANALYZE games_seat")
    print(f"created {GAMES} games ({EXPIRED} expired) and {2 * GAMES} seats in {time.perf_counter() - started:.1f} s")
    return games


def explain(now):
    from django.db import connection, transaction

    from tables.models import Game

    select = (
        Game.objects.filter(status=Game.Status.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", "version", "deadline")[:500]
    )
    print("\nEXPLAIN (ANALYZE) -- the sweeper's SELECT of expired games:")
    print(select.explain(analyze=True))
    pk, version, deadline = select[0]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "EXPLAIN (ANALYZE) UPDATE games_game SET deadline = %s WHERE id = %s AND version = %s AND deadline = %s",
            [now, pk, version, deadline],
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
        transaction.set_rollback(True)  # EXPLAIN ANALYZE ran the UPDATE: undo it
    print("\nEXPLAIN (ANALYZE) -- the claim (conditional UPDATE, rolled back):")
    print(plan)


def main():
    ensure_database(os.environ["DATABASE_URL"])
    from django.utils import timezone

    now = timezone.now()
    games = setup(now)
    explain(now)

    from tables.actions import turn_timeouts
    from tables.models import Event, Game

    times = []
    for round_ in range(ROUNDS):
        if round_:  # 100 games not yet swept run out now
            fresh = [g.pk for g in games[round_::100][:EXPIRED]]
            Game.objects.filter(pk__in=fresh).update(deadline=now - timedelta(seconds=30))
        before = Event.objects.count()
        started = time.perf_counter()
        applied = turn_timeouts.expire_overdue_turns(now=now)
        elapsed = time.perf_counter() - started
        events = Event.objects.count() - before
        if applied != EXPIRED:
            raise SystemExit(f"round {round_ + 1}: {applied} timeouts applied, expected {EXPIRED}")
        times.append(elapsed)
        print(
            f"round {round_ + 1}: {applied} timeouts, {events} events, {elapsed * 1000:.0f} ms "
            f"({elapsed * 1000 / applied:.1f} ms per game)"
        )
    print(
        f"\nsweeper pass over {GAMES} games with {EXPIRED} expired: median {statistics.median(times) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms (target <= 1000 ms)"
    )


if __name__ == "__main__":
    main()
