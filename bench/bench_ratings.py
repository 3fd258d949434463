"""The rating update for a finished 6-player game (issue 26, target: under 5 ms).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cap_ratings_bench \
        nice -n 19 .venv/bin/python bench/bench_ratings.py

Two measures, each ROUNDS times, p50 and p95:
- the arithmetic alone (`ratings.skill.rate_table`: six players' farming weights from
  their last 9 games, and OpenSkill's Plackett-Luce update), in memory;
- the whole update as a finishing move runs it (`ratings.recording.record`) on
  PostgreSQL: create any missing rating rows, lock the six in user order (their farming
  windows come with them), append six history rows, update six ratings — four statements
  (the updates pipelined in one round trip) — inside
  a transaction that is rolled back after each round, so that every round starts from
  the same ratings. A real finished 6-player Cap-It game (six normal bots, in memory)
  is the game, its players each with 9 earlier rated games.
"""

import os
import statistics
import time
from contextlib import nullcontext

from http_site import ensure_database  # the site's settings, DEBUG off, on PostgreSQL

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "500"))
PLAYERS = 6


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95)]
    return f"p50 {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms"


def setup():
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.db import connection

    from engine.bots import play
    from ratings import skill
    from ratings.models import Rating, RatingChange
    from tables.models import Game, Seat

    with connection.cursor() as cursor:  # a clean slate: the last run's games and ratings go
        for table in ("ratings_ratingchange", "ratings_rating", "games_hand", "games_seat", "games_event"):
            cursor.execute(f"DELETE FROM {table}")
        cursor.execute("DELETE FROM games_game")
    users = [
        get_user_model().objects.get_or_create(username=f"rated-{k}", defaults={"display_name": f"Player {k}"})[0]
        for k in range(PLAYERS)
    ]
    state = play("capit", ["normal"] * PLAYERS, 26)
    game = Game.objects.create(
        kind="capit", host=users[0], num_seats=PLAYERS, rated=True, status=Game.Status.FINISHED, state=state
    )
    Seat.objects.bulk_create(Seat(game=game, index=k, user=u, player_name=u.name) for k, u in enumerate(users))
    # Nine earlier games each, against others (ids of no account), so that this game
    # counts in full; their history rows are there as they would be.
    earlier = Game.objects.bulk_create(
        Game(kind="capit", host=users[0], num_seats=PLAYERS, rated=True, status=Game.Status.FINISHED) for _ in range(9)
    )
    RatingChange.objects.bulk_create(
        RatingChange(
            game=past,
            user=user,
            kind="capit",
            seat=k,
            rank=1 + k,
            opponents=[100_000 + 10 * n + k],
            weight=1.0,
            mu_before=25,
            sigma_before=8,
            shown_before=1500,
            games_before=n,
            mu_after=25,
            sigma_after=8,
            shown_after=1500,
            games_after=n + 1,
        )
        for n, past in enumerate(earlier)
        for k, user in enumerate(users)
    )
    Rating.objects.bulk_create(
        Rating(user=u, kind="capit", mu=25, sigma=8, games=9, recent=[[100_000 + 10 * n + k] for n in range(9)])
        for k, u in enumerate(users)
    )
    game = Game.objects.prefetch_related("seats").get(pk=game.pk)
    ranks = game.plugin.ranking(game.state)
    print(f"a finished {PLAYERS}-player Cap-It game, ranks {ranks}; {skill.WINDOW - 1} earlier games each")
    return game, users


def main():
    ensure_database(os.environ["DATABASE_URL"])
    game, users = setup()

    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from ratings import skill
    from ratings.models import Rating
    from ratings.recording import record

    ids = [u.pk for u in users]
    ranks = game.plugin.ranking(game.state)
    before = {u: skill.Skill(25, 8, 9) for u in ids}
    history = {r.user_id: r.recent for r in Rating.objects.filter(kind="capit")}
    arithmetic = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        skill.rate_table(ids, ranks, before, history)
        arithmetic.append((time.perf_counter() - started) * 1000)
    print(f"arithmetic (skill.rate_table), {ROUNDS} rounds: {percentiles(arithmetic)}")

    whole = []
    statements = 0
    for round_ in range(ROUNDS):
        with transaction.atomic():
            with CaptureQueriesContext(connection) if round_ == 0 else nullcontext() as queries:
                started = time.perf_counter()
                changes = record(game)
                whole.append((time.perf_counter() - started) * 1000)
            if round_ == 0:
                statements = len(queries)
            assert len(changes) == PLAYERS
            transaction.set_rollback(True)
    print(f"record(game) on PostgreSQL, {ROUNDS} rounds ({statements} statements): {percentiles(whole)}")


if __name__ == "__main__":
    main()
