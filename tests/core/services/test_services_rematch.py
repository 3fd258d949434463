"""Playing again: the first player of a finished game to ask opens the next table with the
same settings, the others join it; a game against bots alone is dealt again at once."""

import pytest

from ledger.chips import balance_of
from tables.actions import errors, lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(alice, bob):
    """Alice and Bob at a private 2-seat table with a 1-hour clock and a 20-chip ante;
    Alice resigned, so Bob won."""
    game = lifecycle.create_table(
        alice,
        "capitalla",
        seats=2,
        private=True,
        ante=20,
        turn_seconds=3600,
        timeout_policy=Game.TimeoutPolicy.FORFEIT,
        allow_extra_time=False,
        absences_stop_clock=True,
    )
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    return player_moves.resign(alice, game.pk)


def test_the_first_to_ask_opens_the_next_table_with_the_same_settings(finished, bob):
    following = lifecycle.rematch(bob, finished.pk)
    assert Game.objects.get(pk=finished.pk).rematch == following
    assert following.status == Game.Status.OPEN and following.host == bob
    assert [(s.index, s.user) for s in following.seat_list] == [(0, bob)]  # Alice's seat is free for her
    same = (
        "kind",
        "num_seats",
        "private",
        "ante",
        "turn_seconds",
        "timeout_policy",
        "allow_extra_time",
        "options",
        "bot_level",
        "absences_stop_clock",
        "rated",
    )
    assert {f: getattr(following, f) for f in same} == {f: getattr(finished, f) for f in same}


def test_the_others_join_it_and_asking_again_changes_nothing(finished, alice, bob):
    following = lifecycle.rematch(bob, finished.pk)
    before = balance_of(alice)
    assert lifecycle.rematch(alice, finished.pk) == following
    assert balance_of(alice) == before - 20  # the ante goes in as she sits down
    assert lifecycle.rematch(alice, finished.pk) == following
    assert sorted(s.user.username for s in Game.objects.get(pk=following.pk).seat_list) == ["alice", "bob"]
    lifecycle.start_table(bob, following.pk)
    assert balance_of(alice) == before - 20  # once


def test_a_game_against_bots_alone_is_dealt_again_at_once(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1, bot_level="easy")
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    following = lifecycle.rematch(alice, game.pk)
    assert following.status == Game.Status.ACTIVE and following.kind == "capitalla"
    assert [(s.user, s.bot_level) for s in following.seat_list] == [(alice, ""), (None, "easy")]


def test_only_the_players_of_a_finished_game_may_ask(finished, table, bob, charlie):
    with pytest.raises(errors.NotFound):  # a private game: to an outsider, no table at all
        lifecycle.rematch(charlie, finished.pk)
    with pytest.raises(errors.Conflict):
        lifecycle.rematch(bob, table.pk)  # still in play
    with pytest.raises(errors.Forbidden):  # a public one: seen, but not charlie's to replay
        lifecycle.rematch(charlie, player_moves.resign(bob, table.pk).pk)
    assert not Game.objects.filter(rematch_of__isnull=False).exists()


def test_a_rematch_someone_else_filled_is_refused_to_a_late_player(finished, alice, bob, player):
    following = lifecycle.rematch(bob, finished.pk)
    dave = player("dave")
    lifecycle.join_table(dave, following.pk)
    with pytest.raises(errors.Conflict):
        lifecycle.rematch(alice, finished.pk)
    assert [s.user for s in Game.objects.get(pk=following.pk).seat_list] == [bob, dave]
