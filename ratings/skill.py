"""The arithmetic of ratings, with no Django: OpenSkill's Plackett-Luce update, the
number a page shows, and the farming discount. `ratings.record` (a game as it finishes)
and `ratings.rebuild` (every game again) both rate through `rate_game` and
`repeat_weight`, so the two cannot disagree. docs/ratings.md explains the choices.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

# Plackett-Luce rates a ranking of any number of players, ties included, in one update.
MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma

# The shown number: 1500 for a new player, 40 points per unit of OpenSkill's mu.
SHOWN_BASE, SHOWN_SCALE = 1500, 40
# A rating is provisional ("1540?") until this many rated games counted.
PROVISIONAL_GAMES = 10

# Farming: a player's rated games of one game kind are looked at over their last WINDOW
# (this one included). An opponent met in up to FULL_REPEATS of them lets the game count
# in full; met in k games, the game counts for REPEAT_WEIGHTS[k] of its change, and from
# 5 on for nothing (so two accounts taken in turns, 5 games in 10 each, gain nothing either).
WINDOW = 10
FULL_REPEATS = 3
REPEAT_WEIGHTS = {4: 0.5}


@dataclass(frozen=True)
class Skill:
    """A player's rating in one game: OpenSkill's mu and sigma, and how many rated games counted."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def shown(mu: float) -> int:
    """The number a page shows for `mu`: 1500 for a new player (mu 25)."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - START_MU))


def label(shown_number: int, games: int) -> str:
    """ "1540", or "1540?" while the rating is provisional."""
    return f"{shown_number}{'?' if games < PROVISIONAL_GAMES else ''}"


def signed(change: int) -> str:
    """A change as a page writes it: "+14", "−9" (a real minus sign), "±0"."""
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def repeat_weight(history: Iterable[Iterable[int]], opponents: Iterable[int]) -> float:
    """How much a game counts for a player (1 in full, 0 not at all): `history` holds the
    opponents of each of the player's previous rated games of this kind, at least the
    last WINDOW - 1, newest first; `opponents` this game's. What counts is the opponent
    met most often in the window: a third account seated with the same two changes nothing."""
    window = [set(past) for past in list(history)[: WINDOW - 1]]
    repeats = max((1 + sum(q in past for past in window) for q in opponents), default=1)
    if repeats <= FULL_REPEATS:
        return 1.0
    return REPEAT_WEIGHTS.get(repeats, 0.0)


def pushed(history: Sequence[list[int]], opponents: list[int]) -> list[list[int]]:
    """A player's farming window after a game against `opponents`: what a later game's
    `repeat_weight` reads (its WINDOW - 1 previous games, newest first). Every rated game
    enters it, counted or not."""
    return [opponents, *history][: WINDOW - 1]


def rate_game(before: Sequence[Skill], ranks: Sequence[int], weights: Sequence[float]) -> list[Skill]:
    """Every seat's skill after a game: `ranks` per seat (1 the best, ties share a rank),
    each seat's change scaled by its weight (a weight of 0 changes nothing, and the game
    is not counted towards leaving the provisional games)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=list(ranks))
    skills = []
    for old, [new], weight in zip(before, after, weights, strict=True):
        if weight <= 0:
            skills.append(old)
            continue
        skills.append(
            Skill(
                mu=old.mu + weight * (new.mu - old.mu),
                sigma=old.sigma + weight * (new.sigma - old.sigma),
                games=old.games + 1,
            )
        )
    return skills


@dataclass(frozen=True)
class Outcome:
    """One seat's part in a rated game: who, against whom, how much it counted, and its skill before and after."""

    user: int
    seat: int
    rank: int
    opponents: list[int]
    weight: float
    before: Skill
    after: Skill


def rate_table(
    users: Sequence[int], ranks: Sequence[int], before: dict[int, Skill], histories: dict[int, list[list[int]]]
) -> list[Outcome]:
    """A finished table rated: `users` and `ranks` per seat, each user's skill `before`
    (a new player's is missing) and `histories` (each user's earlier opponents in this
    game, newest first, as `repeat_weight` reads them)."""
    opponents = [sorted(other for other in users if other != user) for user in users]
    weights = [repeat_weight(histories.get(user, ()), opp) for user, opp in zip(users, opponents, strict=True)]
    old = [before.get(user, Skill()) for user in users]
    new = rate_game(old, ranks, weights)
    return [
        Outcome(user, seat, ranks[seat], opponents[seat], weights[seat], old[seat], new[seat])
        for seat, user in enumerate(users)
    ]
