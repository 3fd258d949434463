"""A step where the seats act at once does not wait for an absent player: the shared clock
runs as for anyone, and when it runs out the stand-in bot chooses for them, counting no
missed turn (docs/decisions/0008-absences.md). Their own turns after it stand still."""

from datetime import timedelta

import pytest
from django.core import mail

from mailroom.notifications import sending
from tables.actions import absences, player_moves, turn_timeouts
from tables.models import Game

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}


def test_the_shared_clock_runs_on_and_a_bot_chooses_for_the_absent_player(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=86400)
    assert game.absences_stop_clock and game.clock_at_once
    now = game.deadline - timedelta(hours=1)
    today = bob.today(now)
    absences.announce_absence(bob, today, today + timedelta(days=5), now=now)
    game = Game.objects.get(pk=game.pk)
    assert game.clock_at_once and game.clock_left is None  # the step's clock runs on
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version) is False
    assert mail.outbox == []
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
    game.refresh_from_db()
    assert game.state["picks"][1] is not None and game.seats.get(index=1).missed_turns == 0
    assert game.clock_seat == 0 and game.deadline is not None  # alice's turn to pass
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "pass"})
    assert (game.clock_seat, game.deadline, game.clock_left) == (1, None, timedelta(days=1))  # bob's stands
