"""Two rated games finishing at once for the same player: the rating rows are locked (in
user-id order), so neither update is lost and the two never deadlock."""

import threading
import time

import pytest
from django.db import connections

from ratings import recording
from ratings.models import Rating, RatingChange
from tables.actions import player_moves

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def slow_rating(monkeypatch):
    """Rating takes a while, so that the two finishing moves overlap."""
    real = recording.skill.rate_table

    def slow(*args):
        time.sleep(0.3)
        return real(*args)

    monkeypatch.setattr(recording.skill, "rate_table", slow)


def finish_at_once(resigns: list[tuple]) -> list[str]:
    barrier = threading.Barrier(len(resigns))
    errors = []

    def resign(user, game):
        try:
            barrier.wait()
            player_moves.resign(user, game.pk)
        except Exception as exc:  # a deadlock would show here
            errors.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=resign, args=pair) for pair in resigns]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@pytest.fixture
def rated_once(won_by, alice, bob, charlie):
    """Everyone has a rating row already (a new row's insert would make the second game
    wait on its own, and hide a missing lock)."""
    won_by(alice, [alice, bob, charlie])


def test_two_games_finishing_at_once_both_count(rated, alice, bob, charlie, rated_once, slow_rating):
    first, second = rated([alice, bob]), rated([alice, charlie])
    assert finish_at_once([(bob, first), (charlie, second)]) == []
    assert Rating.objects.get(user=alice).games == 3
    rows = list(RatingChange.objects.filter(user=alice).order_by("id"))
    assert rows[2].mu_before == rows[1].mu_after and rows[2].games_before == 2
    assert Rating.objects.get(user=alice).mu == rows[2].mu_after


def test_the_same_players_in_two_seat_orders_do_not_deadlock(rated, alice, bob, charlie, rated_once, slow_rating):
    first, second = rated([alice, bob, charlie]), rated([charlie, bob, alice])
    # Each game is one resignation from its end; both end at once.
    player_moves.resign(bob, first.pk)
    player_moves.resign(bob, second.pk)
    assert finish_at_once([(charlie, first), (alice, second)]) == []
    assert [r.games for r in Rating.objects.order_by("user_id")] == [3, 3, 3]
