"""The start and end of an absence are system events in each affected game's log: they
change nobody's position (a move sent from the version before still fits), the replay
skips them, and the history and the replay tell them in words."""

from datetime import date, datetime, timedelta

import pytest
from django.urls import reverse

from tables.actions import absences, lifecycle, player_moves
from tables.models import Event, Game
from tables.replay import replay
from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db


def test_an_absence_is_told_in_each_game_of_the_player_that_it_stops(alice, bob, correspondence, go_away):
    live = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=600)
    lifecycle.join_table(bob, live.pk)
    live = lifecycle.start_table(alice, live.pk)
    now = correspondence.deadline - timedelta(hours=5)
    absence = go_away(bob, now, days=3)
    absences.apply_due_absences(now=absence.ends_at)
    until = absence.last_day
    lines = list(correspondence.events.values_list("seat", "move", "summary"))
    assert lines == [
        (
            1,
            {"type": "absence_starts", "until": until.isoformat()},
            f"{{player}} is away until {until.day} {until:%B}.",
        ),
        (1, {"type": "absence_ends"}, "{player} is back from their absence."),
    ]
    assert not live.events.exists()  # ten minutes a turn: absences do not stop that clock


def test_a_move_sent_from_the_version_before_the_absence_still_fits(correspondence, alice, bob, go_away):
    seen = correspondence.version
    go_away(bob, correspondence.deadline - timedelta(hours=5))
    assert fresh(correspondence).version == seen + 1
    move = correspondence.rules.legal_moves(correspondence.state, 0)[0]
    game = player_moves.play_move(alice, correspondence.pk, seen, move)
    assert game.version == seen + 2


def test_the_replay_rebuilds_the_snapshot_and_tells_the_absence(client, correspondence, alice, bob, go_away):
    absence = go_away(bob, correspondence.deadline - timedelta(hours=5))
    game = play_turn(alice, fresh(correspondence), 0)
    absences.end_absence(bob, absence.pk, now=absence.starts_at + timedelta(days=1))
    game = player_moves.resign(bob, game.pk)
    assert game.status == Game.Status.FINISHED and replay(game) == game.state
    started = Event.objects.get(game=game, move__type="absence_starts")
    client.force_login(alice)
    page = client.get(reverse("replay", args=[game.pk]), {"at": started.seq}).content.decode()
    until = absence.last_day
    assert f"Bob is away until {until.day} {until:%B}." in page
    history = client.get(reverse("history", args=[game.pk])).content.decode()
    assert "Bob is back from their absence." in history


def test_the_words_name_the_last_day(alice, correspondence):
    now = datetime(2026, 3, 2, 9, tzinfo=correspondence.deadline.tzinfo)
    absences.announce_absence(alice, date(2026, 3, 2), date(2026, 3, 12), now=now)
    assert correspondence.events.get().summary == "{player} is away until 12 March."


def test_an_absence_ending_while_a_bot_plays_the_seat_says_the_bot_keeps_it(correspondence, bob, go_away):
    """Found by a QA pass: the log said "Bob is back" while a bot still played for him."""
    correspondence.seats.filter(index=1).update(away=True)
    absence = go_away(bob, correspondence.deadline - timedelta(hours=5), days=2)
    absences.apply_due_absences(now=absence.ends_at)
    assert correspondence.events.last().summary == (
        "{player}'s absence is over; a bot plays their seat until they say they are back."
    )
