"""A Cap-It game saved before each round kept the cards left in hand gets them from its own
replay, so `manage.py verify_games` finds its snapshot equal to its log; until then its
round summary gives the points without the cards."""

import importlib

import pytest
from django.core.management import call_command

from tables.actions import lifecycle
from tables.models import Game
from tests.capit.capit_web import play_bots
from tests.migration_states import apps_at
from tests.web_moves import page

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.capit.migrations.0002_hands_in_saved_rounds")


def without_hands(state: dict) -> dict:
    return {**state, "rounds": [{k: v for k, v in r.items() if k != "hands"} for r in state["rounds"]]}


def test_rounds_saved_without_hands_take_them_from_their_replay(alice, client, capsys):
    game = lifecycle.create_table(alice, "capit", seats=4, bots=4)
    game = play_bots(lifecycle.start_table(alice, game.pk))
    assert game.status == Game.Status.FINISHED and len(game.state["rounds"]) == 5
    Game.objects.filter(pk=game.pk).update(state=without_hands(game.state))
    assert "Round 5 summary" in page(client, alice, game)  # an old summary still shows

    MIGRATION.add_hands(apps_at("capit", "0002_hands_in_saved_rounds"), None)

    assert Game.objects.get(pk=game.pk).state == game.state
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out
