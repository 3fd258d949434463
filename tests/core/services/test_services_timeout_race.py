"""Races on PostgreSQL with threads: two sweepers, or a sweeper and a human move, give
exactly one outcome."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import player_moves, turn_timeouts
from tables.models import Event, Game, is_system_move
from tables.replay import replay
from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.usefixtures("no_declarations")]


def expire_now(game):
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_two_sweepers_apply_one_timeout(table):
    expire_now(table)
    outcomes = run_together(turn_timeouts.expire_overdue_turns, turn_timeouts.expire_overdue_turns)
    assert sorted(outcomes) == [0, 1]
    assert Event.objects.filter(game=table, move={"type": "timeout"}).count() == 1


@pytest.mark.parametrize("attempt", range(5))
def test_a_discard_racing_the_sweeper_gives_exactly_one_outcome(table, alice, attempt):
    game = player_moves.play_move(alice, table.pk, 0, table.rules.legal_moves(table.state, 0)[0])  # pick
    discard = game.rules.legal_moves(game.state, 0)[0]
    expire_now(game)
    human, swept = run_together(
        lambda: player_moves.play_move(alice, game.pk, 1, discard).version, turn_timeouts.expire_overdue_turns
    )
    game.refresh_from_db()
    timeouts = Event.objects.filter(game=game, move={"type": "timeout"}).count()
    if human == "StaleVersion":  # the sweeper won: its bot discarded for Alice
        assert swept == 1 and timeouts == 1
    else:  # Alice's discard won: no timeout at all
        assert human == 2 and swept == 0 and timeouts == 0
    assert game.to_act == [1] and game.clock_seat == 1 and game.deadline > timezone.now()
    assert [e.move["type"] for e in game.events.all() if not is_system_move(e.move)] == ["draw", "discard"]
    assert game.version == game.events.count()
    assert replay(game) == game.state
