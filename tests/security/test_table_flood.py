"""One account cannot flood the lobby or the worker with tables (issue 18, section 3):
open tables, games in play against bots and new tables per hour each have a limit, and
past it the service refuses with a clear message and creates nothing."""

import pytest
from django.urls import reverse

from tables.actions import errors, lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def test_an_account_cannot_open_more_tables_than_the_limit(alice, settings):
    settings.OPEN_TABLE_LIMIT = 2
    for _ in range(2):
        lifecycle.create_table(alice, "capitalla", seats=2)
    with pytest.raises(errors.Conflict, match="2 open tables"):
        lifecycle.create_table(alice, "capitalla", seats=2)
    assert Game.objects.filter(host=alice).count() == 2
    lifecycle.close_table(alice, Game.objects.filter(host=alice).first().pk)
    lifecycle.create_table(alice, "capitalla", seats=2)  # closing one frees a place


def test_an_account_cannot_have_more_games_against_bots_in_play_than_the_limit(alice, settings):
    settings.BOT_GAME_LIMIT = 2
    against_one_bot = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)  # not dealt: not in play
    lifecycle.quick_game(alice, "capitalla")
    lifecycle.start_table(alice, against_one_bot.pk)
    bots_only = lifecycle.create_table(alice, "capitalla", seats=4, bots=4)
    with pytest.raises(errors.Conflict, match="2 games against bots"):
        lifecycle.start_table(alice, bots_only.pk)
    with pytest.raises(errors.Conflict, match="2 games against bots"):
        lifecycle.quick_game(alice, "capitalla")
    assert Game.objects.filter(host=alice, status=Game.Status.ACTIVE).count() == 2
    player_moves.resign(alice, against_one_bot.pk)  # the game is over: a place is free
    lifecycle.start_table(alice, bots_only.pk)


def test_an_account_cannot_create_tables_faster_than_the_hourly_rate(alice, settings):
    settings.NEW_TABLE_LIMIT = 3
    for _ in range(3):
        lifecycle.close_table(alice, lifecycle.create_table(alice, "capitalla", seats=2).pk)
    with pytest.raises(errors.ServiceError, match="3 tables in the last hour") as refused:
        lifecycle.quick_game(alice, "capitalla")
    assert refused.value.status == 429
    assert Game.objects.filter(host=alice).count() == 3


def test_a_quick_game_past_the_limit_answers_409_with_the_reason(client, alice, settings):
    settings.BOT_GAME_LIMIT = 1
    client.force_login(alice)
    assert client.post(reverse("quick_game"), {"kind": "capitalla"}).status_code == 302
    response = client.post(reverse("quick_game"), {"kind": "capitalla"})
    assert response.status_code == 409
    assert "1 game against bots" in response.content.decode()
    assert Game.objects.filter(host=alice).count() == 1
