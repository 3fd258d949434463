"""Dates and hours in the player's own time zone: on the game page and in the turn mail.
Found by a QA pass: both said "19:05 UTC" to a player in Paris who had set her zone."""

from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from mailroom.notifications import sending
from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def paris_table(alice, bob):
    bob.time_zone = "Europe/Paris"
    bob.save()
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    move = game.rules.legal_moves(game.state, 0)[0]
    game = player_moves.play_move(alice, game.pk, game.version, move)
    move = game.rules.legal_moves(game.state, 0)[0]
    return player_moves.play_move(alice, game.pk, game.version, move)


def paris_hour(game: Game) -> str:
    return timezone.localtime(game.deadline, timezone=ZoneInfo("Europe/Paris")).strftime("%H:%M")


def test_the_game_page_shows_the_deadline_in_the_players_zone(client, paris_table, alice, bob):
    assert paris_table.clock_seat == 1
    client.force_login(bob)
    page = client.get(reverse("game", args=[paris_table.pk])).content.decode()
    assert f"{paris_hour(paris_table)} CE" in page  # CET or CEST, as the day falls
    client.force_login(alice)  # hers is UTC: the same page, another hour
    page = client.get(reverse("game", args=[paris_table.pk])).content.decode()
    assert timezone.localtime(paris_table.deadline, timezone=UTC).strftime("%H:%M UTC") in page


def test_the_zone_does_not_stay_with_the_server_thread(client, paris_table, bob):
    client.force_login(bob)
    client.get(reverse("game", args=[paris_table.pk]))
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_turn_mail_says_the_deadline_in_the_players_zone(paris_table, bob):
    sent = sending.send_notification("your_turn", bob.pk, paris_table.pk, paris_table.version)
    assert sent is True
    assert f"{paris_hour(paris_table)} CE" in mail.outbox[0].body
    assert "UTC" not in mail.outbox[0].body
    assert paris_table.deadline - timezone.now() > timedelta(hours=20)
