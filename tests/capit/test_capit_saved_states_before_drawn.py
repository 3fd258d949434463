"""A Cap-It game saved before the state kept `drawn` (the card a seat just drew) gets it
from its own replay, so `manage.py verify_games` finds its snapshot equal to its log."""

import importlib

import pytest
from django.core.management import call_command

from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.capit.capit_web import play_bots
from tests.migration_states import apps_at

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.capit.migrations.0001_drawn_in_saved_states")


def test_a_state_saved_without_drawn_takes_it_from_its_replay(alice, capsys):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=3).pk)
    game = play_bots(game)
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    assert game.state["drawn"] is not None  # alice drew: her turn goes on
    Game.objects.filter(pk=game.pk).update(state={k: v for k, v in game.state.items() if k != "drawn"})

    MIGRATION.add_drawn(apps_at("capit", "0001_drawn_in_saved_states"), None)

    assert Game.objects.get(pk=game.pk).state == game.state
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out
