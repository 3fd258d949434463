"""Recording a finished rated game, inside the transaction of the move that finished it:
`tables.actions.game_state` calls `record` where a game becomes FINISHED."""

import json
from collections.abc import Iterable

from django.db import connection
from django.utils import timezone

from ratings import skill
from ratings.models import Rating, RatingChange


def counts(game) -> bool:
    """Whether a finished game changes ratings: a rated table where every seat is a person
    (rated tables seat no bots; this holds the line should one get there anyway)."""
    return bool(game.rated and game.status == game.Status.FINISHED and all(s.user_id for s in game.seat_list))


def record(game) -> list[RatingChange]:
    """Rate a game that has just finished, in the caller's transaction: lock its players'
    rating rows (created first if missing) in user-id order, so that two games finishing
    at once for the same player wait for each other and neither loses its update, and
    never deadlock; then append one RatingChange per seat and update the ratings.

    The game's `finished_at` is set once the rows are locked: the order of finish times
    is then the order in which ratings changed, the order `rebuild` replays them in."""
    if not counts(game):
        return []
    users = [seat.user_id for seat in game.seat_list]
    ranks = game.plugin.ranking(game.state)
    Rating.objects.bulk_create([Rating(user_id=user, kind=game.kind) for user in sorted(users)], ignore_conflicts=True)
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(kind=game.kind, user_id__in=users).order_by("user_id")
    }
    game.finished_at = timezone.now()
    before = {user: row.skill for user, row in rows.items()}
    outcomes = skill.rate_table(users, ranks, before, {user: row.recent for user, row in rows.items()})
    changes = RatingChange.objects.bulk_create([change_row(game, o) for o in outcomes])
    for o in outcomes:
        rows[o.user].set_skill(o.after)
        rows[o.user].recent = skill.pushed(rows[o.user].recent, o.opponents)
    _save_ratings(rows.values())
    return changes


def _save_ratings(rows: Iterable[Rating]) -> None:
    """One UPDATE per row, sent together (psycopg pipelines `executemany`): a third of the
    time of `bulk_update`, whose CASE expressions Django builds in Python."""
    columns = "mu = %s, sigma = %s, shown = %s, games = %s, recent = %s"
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {Rating._meta.db_table} SET {columns} WHERE id = %s",
            [(r.mu, r.sigma, r.shown, r.games, json.dumps(r.recent), r.pk) for r in rows],
        )


def change_row(game, outcome: skill.Outcome) -> RatingChange:
    before, after = outcome.before, outcome.after
    return RatingChange(
        game=game,
        user_id=outcome.user,
        kind=game.kind,
        seat=outcome.seat,
        rank=outcome.rank,
        opponents=outcome.opponents,
        weight=outcome.weight,
        mu_before=before.mu,
        sigma_before=before.sigma,
        shown_before=before.shown,
        games_before=before.games,
        mu_after=after.mu,
        sigma_after=after.sigma,
        shown_after=after.shown,
        games_after=after.games,
    )
