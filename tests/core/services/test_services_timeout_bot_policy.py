"""Bot policy: a missed turn is played by the seat's own bot, once, from that seat's view."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import player_moves, turn_timeouts
from tables.models import Event, Game, is_system_move
from tables.replay import replay

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_declarations")]


def after_deadline(game, seconds=1):
    return game.deadline + timedelta(seconds=seconds)


def test_an_expired_turn_is_played_by_a_bot_once(table):
    when = after_deadline(table)
    assert turn_timeouts.expire_overdue_turns(now=when - timedelta(seconds=2)) == 0  # not yet
    assert turn_timeouts.expire_overdue_turns(now=when) == 1
    assert turn_timeouts.expire_overdue_turns(now=when) == 0  # claimed: never twice
    game = Game.objects.get(pk=table.pk)
    moves = list(Event.objects.filter(game=game).values_list("seat", "move"))
    assert moves[0] == (0, {"type": "timeout"})
    assert [m["type"] for _, m in moves[1:]] == ["draw", "discard"]  # a whole Capitalla turn
    assert all(seat == 0 for seat, _ in moves)
    assert game.version == 3 and game.to_act == [1]
    assert game.clock_seat == 1 and game.deadline > when  # Bob's clock, from the sweep's "now"
    assert game.seats.get(index=0).missed_turns == 1


def test_the_timeout_is_a_line_in_the_move_history(client, table, alice):
    turn_timeouts.expire_overdue_turns(now=after_deadline(table))
    client.force_login(alice)
    page = client.get(f"/games/{table.pk}/history/").content.decode()
    assert "Alice ran out of time; a bot played the turn for them." in page


def test_a_timeout_midway_through_the_turn_finishes_it(table, alice):
    game = player_moves.play_move(alice, table.pk, 0, table.rules.legal_moves(table.state, 0)[0])  # pick only
    turn_timeouts.expire_overdue_turns(now=after_deadline(game))
    game.refresh_from_db()
    assert [e.move["type"] for e in game.events.all()] == ["draw", "timeout", "discard"]
    assert game.to_act == [1]


def test_replay_skips_the_system_events_and_matches_the_snapshot(table):
    now = after_deadline(table)
    for _ in range(4):  # alternate timeouts: Alice, Bob, Alice, Bob
        assert turn_timeouts.expire_overdue_turns(now=now) == 1
        now = Game.objects.get(pk=table.pk).deadline + timedelta(seconds=1)
    game = Game.objects.get(pk=table.pk)
    assert sum(is_system_move(e.move) for e in game.events.all()) == 4
    assert game.version == game.events.count()
    assert replay(game) == game.state


def test_a_human_move_resets_the_run_of_misses(table, alice, bob):
    turn_timeouts.expire_overdue_turns(now=after_deadline(table))  # Alice misses once
    game = Game.objects.get(pk=table.pk)
    for _ in range(2):  # Bob plays his turn by hand
        game = player_moves.play_move(bob, game.pk, game.version, game.rules.legal_moves(game.state, 1)[0])
    for _ in range(2):  # Alice plays hers
        game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    assert game.seats.get(index=0).missed_turns == 0


def test_the_sweeper_ignores_games_that_are_not_in_play(table, bob):
    deadline = table.deadline
    player_moves.resign(bob, table.pk)
    Game.objects.filter(pk=table.pk).update(deadline=deadline)  # a leftover must not matter
    assert turn_timeouts.expire_overdue_turns(now=deadline + timedelta(days=1)) == 0
    assert timezone.now() < deadline


def test_a_sweeper_that_dies_after_its_claim_leaves_the_turn_for_a_later_pass(table, monkeypatch):
    when = after_deadline(table)

    def worker_lost(*args, **kwargs):
        raise RuntimeError("worker lost")

    with monkeypatch.context() as patched:
        patched.setattr(turn_timeouts, "apply_timeout", worker_lost)
        assert turn_timeouts.expire_overdue_turns(now=when) == 0
    lease_end = when + timedelta(seconds=turn_timeouts.TIMEOUT_CLAIM_LEASE)
    assert turn_timeouts.expire_overdue_turns(now=lease_end - timedelta(seconds=1)) == 0  # still claimed
    assert turn_timeouts.expire_overdue_turns(now=lease_end) == 1
    assert Game.objects.get(pk=table.pk).to_act == [1]
