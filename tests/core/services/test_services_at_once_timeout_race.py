"""Races on PostgreSQL with threads: a choice made as the shared clock of a step played at
once runs out, against the sweeper, gives exactly one choice per seat."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tables.actions import player_moves, turn_timeouts
from tables.models import Event, Game
from tables.replay import replay
from tests.core.services.test_services_timeout_race import run_together

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are a PostgreSQL behaviour"),
]

ONE = {"type": "pick", "number": 1}


@pytest.mark.parametrize("attempt", range(5))
def test_alices_choice_racing_the_sweeper_gives_one_choice_per_seat(picks, alice, bob, charlie, attempt):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    def alice_chooses():
        return player_moves.play_move(alice, game.pk, 1, ONE).version

    human, swept = run_together(alice_chooses, turn_timeouts.expire_overdue_turns)
    game.refresh_from_db()
    if human == "ServiceError":  # the sweeper won: the bot chose for Alice too
        assert swept == 1 and game.state["picks"] == [3, 3, 1]
    else:  # Alice's choice won; Bob is still late, and a sweep chooses for him: this one
        # (it came after Alice's commit) or the next (it found her row locked and left it)
        assert human == 2
        if not swept:
            assert game.state["picks"] == [1, None, 1]
            assert game.deadline < timezone.now()
            assert turn_timeouts.expire_overdue_turns() == 1
            game.refresh_from_db()
        assert game.state["picks"] == [1, 3, 1]
    assert game.state["phase"] == "turns"
    assert Event.objects.filter(game=game, move={"type": "timeout"}).count() == (2 if human == "ServiceError" else 1)
    assert game.version == game.events.count()
    assert replay(game) == game.state
