"""Every rating again from the games: `manage.py rebuild_ratings`. The finished rated games
are replayed in the order they finished, each through the same `skill.rate_table` that
rated it when it finished (the farming window included), then compared with what is
stored: the current ratings, which the rebuild may rewrite, and the append-only history,
which it only checks. The command (tables/management/commands/) reads the games and
passes them in: reading them is the core's part."""

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import astuple, dataclass, field

from ratings import skill
from ratings.models import Rating, RatingChange
from ratings.recording import counts

# The fields of a history row that the replay recomputes.
CHANGE_FIELDS = ("seat", "rank", "weight", "mu_before", "sigma_before", "games_before", "mu_after", "sigma_after")


@dataclass
class Replay:
    """What the games say: every (user id, kind)'s skill now and farming window (the
    opponents of their latest games), and every history row, by (game id, user id), as
    (kind, outcome)."""

    skills: dict[tuple[int, str], skill.Skill] = field(default_factory=dict)
    windows: dict[tuple[int, str], list[list[int]]] = field(default_factory=lambda: defaultdict(list))
    changes: dict[tuple[int, int], tuple[str, skill.Outcome]] = field(default_factory=dict)


def replay(games: Iterable) -> Replay:
    """Rate `games`, the finished rated games in the order they finished, as if afresh."""
    done = Replay()
    for game in games:
        if not counts(game):
            continue
        kind = game.kind
        users = [seat.user_id for seat in game.seat_list]
        before = {user: done.skills[user, kind] for user in users if (user, kind) in done.skills}
        history = {user: done.windows[user, kind] for user in users}
        for outcome in skill.rate_table(users, game.plugin.ranking(game.state), before, history):
            done.skills[outcome.user, kind] = outcome.after
            done.changes[game.pk, outcome.user] = (kind, outcome)
            done.windows[outcome.user, kind] = skill.pushed(history[outcome.user], outcome.opponents)
    return done


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def _expected(outcome: skill.Outcome) -> dict:
    before, after = outcome.before, outcome.after
    return {
        "seat": outcome.seat,
        "rank": outcome.rank,
        "weight": outcome.weight,
        "mu_before": before.mu,
        "sigma_before": before.sigma,
        "games_before": before.games,
        "mu_after": after.mu,
        "sigma_after": after.sigma,
    }


def history_differences(done: Replay) -> list[str]:
    """How the stored history differs from the replay, one line per row (none: it agrees)."""
    found = []
    stored = {
        (row["game_id"], row["user_id"]): row
        for row in RatingChange.objects.values("game_id", "user_id", *CHANGE_FIELDS)
    }
    for key, (_, outcome) in done.changes.items():
        row = stored.pop(key, None)
        if row is None:
            found.append(f"game {key[0]}, user {key[1]}: no history row")
            continue
        wrong = [name for name, value in _expected(outcome).items() if not _same(row[name], value)]
        if wrong:
            found.append(f"game {key[0]}, user {key[1]}: {', '.join(wrong)} differ")
    found += [f"game {game}, user {user}: a history row no rated game explains" for game, user in stored]
    return found


def rating_differences(done: Replay) -> list[str]:
    """How the stored current ratings differ from the replay, one line per player and game."""
    found = []
    stored = {(r.user_id, r.kind): r for r in Rating.objects.all()}
    for key, expected in done.skills.items():
        row = stored.pop(key, None)
        if row is None:
            found.append(f"user {key[0]}, {key[1]}: no rating")
        elif not all(_same(a, b) for a, b in zip(astuple(row.skill), astuple(expected), strict=True)):
            found.append(f"user {key[0]}, {key[1]}: rated {row.label}, the games say {expected.shown}")
        elif row.shown != expected.shown:
            found.append(f"user {key[0]}, {key[1]}: shown {row.shown}, the games say {expected.shown}")
        elif row.recent != done.windows[key]:
            found.append(f"user {key[0]}, {key[1]}: the latest opponents differ from the games'")
    found += [f"user {user}, {kind}: a rating no rated game explains" for user, kind in stored]
    return found


def write_ratings(done: Replay) -> None:
    """Make the current ratings what the games say, in the caller's transaction (the
    command locks every rating row before it replays, so no game finishes meanwhile)."""
    rows = {(r.user_id, r.kind): r for r in Rating.objects.select_for_update().order_by("user_id", "kind")}
    Rating.objects.filter(pk__in=[r.pk for key, r in rows.items() if key not in done.skills]).delete()
    for (user, kind), new in done.skills.items():
        row = rows.setdefault((user, kind), Rating(user_id=user, kind=kind))
        row.set_skill(new)
        row.recent = done.windows[user, kind]
    kept = [rows[key] for key in done.skills]
    Rating.objects.bulk_update([r for r in kept if r.pk is not None], ["mu", "sigma", "shown", "games", "recent"])
    Rating.objects.bulk_create([r for r in kept if r.pk is None])
