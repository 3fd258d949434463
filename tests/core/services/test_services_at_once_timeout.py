"""When the clock of a step where the seats act at once runs out, the stand-in bot chooses
for everyone still to act, each with its own events; the choices made stand. The clock was
short: nobody is out for it, even at a forfeit table, and no missed turn is counted."""

from datetime import timedelta

import pytest

from tables.actions import bot_play, player_moves, turn_timeouts
from tables.models import Event, Game
from tables.replay import replay

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}
LATE = "{player} ran out of time to choose; a bot chose for them."


def sweep_after(game) -> int:
    return turn_timeouts.expire_overdue_turns(now=Game.objects.get(pk=game.pk).deadline + timedelta(seconds=1))


def moves_of(game) -> list[tuple[int, dict]]:
    return [(e.seat, e.move) for e in game.events.all()]


def test_bob_who_had_not_chosen_gets_the_bots_choice_and_alices_stands(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert sweep_after(game) == 1
    game.refresh_from_db()
    assert game.state["picks"] == [1, 3]  # the stand-in picks 3
    assert moves_of(game) == [(0, ONE), (1, {"type": "timeout"}), (1, {"type": "pick", "number": 3})]
    assert Event.objects.get(game=game, seq=2).summary == LATE
    assert game.seats.get(index=1).missed_turns == 0
    assert game.clock_seat == 0 and game.deadline is not None  # the turns begin: Alice's clock
    assert replay(game) == game.state


def test_every_late_seat_gets_its_own_timeout_and_choice(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(bob, game.pk, game.version, ONE)
    assert sweep_after(game) == 1
    game.refresh_from_db()
    assert game.state["picks"] == [3, 1, 3]
    assert moves_of(game)[1:] == [
        (0, {"type": "timeout"}),
        (0, {"type": "pick", "number": 3}),
        (2, {"type": "timeout"}),
        (2, {"type": "pick", "number": 3}),
    ]
    assert [s.missed_turns for s in game.seats.all()] == [0, 0, 0]
    assert game.version == game.events.count()


def test_a_forfeit_table_does_not_put_a_late_chooser_out(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600, timeout_policy=Game.TimeoutPolicy.FORFEIT)
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert sweep_after(game) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.state["out"] == []
    assert game.state["picks"] == [1, 3]


def test_late_choices_never_hand_the_seat_to_a_bot(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    game.seats.filter(index=1).update(missed_turns=bot_play.MISSES_BEFORE_TAKEOVER - 1)
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert sweep_after(game) == 1
    bob_seat = Game.objects.get(pk=game.pk).seats.get(index=1)
    assert not bob_seat.away and bob_seat.missed_turns == bot_play.MISSES_BEFORE_TAKEOVER - 1


def test_a_choice_landing_between_the_claim_and_the_timeout_is_harmless(picks, alice, bob, monkeypatch):
    game = picks(alice, bob, turn_seconds=3600)
    deadline = game.deadline
    apply_timeout = turn_timeouts.apply_timeout

    def alice_chooses_first(game_id, version, now=None):
        player_moves.play_move(alice, game_id, version, ONE)
        return apply_timeout(game_id, version, now=now)

    monkeypatch.setattr(turn_timeouts, "apply_timeout", alice_chooses_first)
    assert turn_timeouts.expire_overdue_turns(now=deadline + timedelta(seconds=1)) == 0
    game.refresh_from_db()
    assert game.state["picks"] == [1, None] and game.version == 1
    # Alice's choice kept the clock; the sweeper's lease does not give Bob a minute more.
    assert game.deadline == deadline
    monkeypatch.setattr(turn_timeouts, "apply_timeout", apply_timeout)
    assert sweep_after(game) == 1
    game.refresh_from_db()
    assert game.state["picks"] == [1, 3]


def test_a_timeout_claimed_before_the_last_choice_does_nothing(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    version = game.version
    game = player_moves.play_move(alice, game.pk, version, ONE)
    game = player_moves.play_move(bob, game.pk, game.version, ONE)
    assert turn_timeouts.apply_timeout(game.pk, version) is False
    game.refresh_from_db()
    assert game.state["picks"] == [1, 1] and game.version == 2


def test_a_turn_run_out_before_a_step_of_choosing_leaves_the_choice_to_the_player(picks, alice, bob):
    game = picks(alice, bob, turn_seconds=3600)
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, ONE)
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "pass"})
    assert game.clock_seat == 1
    assert sweep_after(game) == 1  # Bob's last pass of the round, by the stand-in
    game.refresh_from_db()
    assert game.state["round"] == 2 and game.state["picks"] == [None, None]
    assert game.clock_at_once and game.clock_seats() == [0, 1]
