"""A finished rated game changes its players' ratings in the transaction of the move that
finished it, and appends one history row per player."""

import pytest

from ratings.models import Rating, RatingChange
from ratings.skill import SHOWN_BASE
from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def test_the_winner_gains_and_the_loser_loses(won_by, alice, bob):
    game = won_by(alice, [alice, bob])
    won, lost = Rating.objects.get(user=alice, kind="capitalla"), Rating.objects.get(user=bob, kind="capitalla")
    assert won.shown > SHOWN_BASE > lost.shown
    assert won.games == lost.games == 1
    rows = {row.user_id: row for row in RatingChange.objects.filter(game=game)}
    assert rows[alice.pk].rank == 1 and rows[bob.pk].rank == 2
    assert rows[alice.pk].shown_before == SHOWN_BASE and rows[alice.pk].shown_after == won.shown
    assert rows[bob.pk].change < 0 < rows[alice.pk].change
    assert rows[alice.pk].opponents == [bob.pk] and rows[alice.pk].counted_in_full


def test_the_next_game_starts_from_the_last_one(won_by, alice, bob):
    won_by(alice, [alice, bob])
    first = Rating.objects.get(user=bob, kind="capitalla").shown
    game = won_by(bob, [alice, bob])
    row = RatingChange.objects.get(game=game, user=bob)
    assert row.shown_before == first and row.shown_after > first


def test_ratings_are_per_game(won_by, alice, bob):
    won_by(alice, [alice, bob], kind="casino")
    assert not Rating.objects.filter(kind="capitalla").exists()
    assert Rating.objects.get(user=alice, kind="casino").games == 1


def test_an_unrated_game_changes_nothing(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    assert player_moves.resign(bob, game.pk).status == Game.Status.FINISHED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_still_in_play_changes_nothing(rated, people):
    game = rated(3)
    player_moves.resign(game.seat_list[2].user, game.pk)
    assert not RatingChange.objects.exists()


def test_the_ratings_change_with_the_finishing_move_or_not_at_all(rated, alice, bob, monkeypatch):
    """The ratings are written in the move's transaction: if the move fails after them,
    they roll back with it."""
    game = rated([alice, bob])

    def fail(*args, **kwargs):
        raise RuntimeError("the save fails")

    monkeypatch.setattr(Game, "save", fail)
    with pytest.raises(RuntimeError):
        player_moves.resign(bob, game.pk)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
