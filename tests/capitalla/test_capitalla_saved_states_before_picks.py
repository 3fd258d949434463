"""A Capitalla game saved before the state kept `taken` and `refused` (what each seat took
from the discard pile and passed over) gets them from its own replay, so `manage.py
verify_games` finds its snapshot equal to its log."""

import importlib

import pytest
from django.core.management import call_command

from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.migration_states import apps_at

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.capitalla.migrations.0001_picks_from_discard_in_saved_states")


def test_a_state_saved_without_the_picks_takes_them_from_its_replay(alice, capsys):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "draw", "from": "discard"})
    assert game.state["taken"][0]
    saved = {key: value for key, value in game.state.items() if key not in ("taken", "refused")}
    Game.objects.filter(pk=game.pk).update(state=saved)

    MIGRATION.add_picks(apps_at("capitalla", "0001_picks_from_discard_in_saved_states"), None)

    assert Game.objects.get(pk=game.pk).state == game.state
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out
