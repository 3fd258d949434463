"""`manage.py rebuild_ratings` recomputes every rating from the finished rated games and
agrees with what was stored as they finished; it puts back a rating that went wrong."""

import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _many_tables(settings):
    settings.NEW_TABLE_LIMIT = 1000


def rebuild(*args) -> str:
    out = StringIO()
    call_command("rebuild_ratings", *args, stdout=out)
    return out.getvalue()


def play_series(won_by, crowd, rng, games: int) -> None:
    """`games` rated games of Capitalla and Casino among `crowd`, two or three at a table,
    the winner drawn at random, the same pairs often enough for the farming discount."""
    for _ in range(games):
        users = rng.sample(crowd, rng.choice([2, 2, 3]))
        won_by(rng.choice(users), users, kind=rng.choice(["capitalla", "casino"]))


def test_the_rebuild_agrees_with_the_ratings_stored_as_games_finished(won_by, people):
    play_series(won_by, people(4), random.Random(26), games=16)
    assert RatingChange.objects.filter(weight__lt=1).exists()  # the farming discount is replayed too
    assert rebuild("--check").startswith("16 rated games replayed")
    stored = {(r.user_id, r.kind): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    rebuild()
    assert {(r.user_id, r.kind): (r.mu, r.sigma, r.games) for r in Rating.objects.all()} == stored


@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), games=st.integers(1, 6))
def test_any_series_of_games_rebuilds_to_the_stored_ratings(won_by, people, seed, games):
    play_series(won_by, people(4), random.Random(seed), games)
    rebuild("--check")


def test_a_rating_gone_wrong_is_found_and_put_back(won_by, alice, bob):
    won_by(alice, [alice, bob])
    right = Rating.objects.get(user=alice).shown
    Rating.objects.filter(user=alice).update(mu=40, shown=2100)
    with pytest.raises(CommandError):
        rebuild("--check")
    assert "rated 2100?, the games say" in rebuild()
    assert Rating.objects.get(user=alice).shown == right
    rebuild("--check")


def test_a_rating_no_game_explains_is_removed(won_by, alice, bob, charlie):
    won_by(alice, [alice, bob])
    Rating.objects.create(user=charlie, kind="capitalla", mu=30, shown=1700, games=3)
    assert "a rating no rated game explains" in rebuild()
    assert not Rating.objects.filter(user=charlie).exists()
