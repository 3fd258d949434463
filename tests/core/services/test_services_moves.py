"""Applying moves through the services: the version guard, authorisation, the log."""

import pytest

from tables.actions import errors, player_moves
from tables.models import Event, Game

pytestmark = pytest.mark.django_db


def first_legal(game, seat):
    return game.rules.legal_moves(game.state, seat)[0]


def snapshot(game):
    game.refresh_from_db()
    return game.version, game.state, Event.objects.filter(game=game).count()


def test_a_move_appends_one_event_and_bumps_the_version(table, alice):
    move = first_legal(table, 0)
    game = player_moves.play_move(alice, table.pk, 0, move)
    assert game.version == 1
    event = Event.objects.get(game=game)
    assert (event.seq, event.seat, event.move) == (1, 0, move)
    assert "{player}" in event.summary


def test_stale_version_is_a_409_and_changes_nothing(table, alice):
    before = snapshot(table)
    with pytest.raises(errors.StaleVersion) as err:
        player_moves.play_move(alice, table.pk, 7, first_legal(table, 0))
    assert err.value.status == 409
    assert snapshot(table) == before


def test_missing_version_is_refused(table, alice):
    before = snapshot(table)
    with pytest.raises(errors.ServiceError):
        player_moves.play_move(alice, table.pk, "seven", first_legal(table, 0))
    assert snapshot(table) == before


def test_moving_out_of_turn_is_refused_with_the_engines_reason(table, bob):
    before = snapshot(table)
    with pytest.raises(errors.ServiceError) as err:
        player_moves.play_move(bob, table.pk, 0, {"type": "draw", "from": "pile"})
    assert err.value.status == 400 and err.value.message
    assert snapshot(table) == before


def test_someone_elses_game_is_forbidden(table, charlie):
    before = snapshot(table)
    with pytest.raises(errors.Forbidden):
        player_moves.play_move(charlie, table.pk, 0, first_legal(table, 0))
    assert snapshot(table) == before


def test_unknown_game_is_not_found(alice):
    with pytest.raises(errors.NotFound):
        player_moves.play_move(alice, 999999, 0, {"type": "draw", "from": "pile"})


@pytest.mark.parametrize("move", [None, [], "draw", {"type": "teleport"}, {"type": "discard", "card": "XXX"}])
def test_malformed_moves_are_refused(table, alice, move):
    before = snapshot(table)
    with pytest.raises(errors.ServiceError):
        player_moves.play_move(alice, table.pk, 0, move)
    assert snapshot(table) == before


def test_resigning_leaves_the_other_player_the_winner(table, bob):
    game = player_moves.resign(bob, table.pk)
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [0]
    assert game.hands.count() == 1
    assert game.seed_revealed == game.seed


def test_the_seed_is_committed_at_the_start_and_revealed_at_the_end(table, bob):
    import hashlib

    assert table.seed_revealed is None
    assert table.seed_hash == hashlib.sha256(str(table.seed).encode()).hexdigest()
    game = player_moves.resign(bob, table.pk)
    assert game.seed_revealed == table.seed
