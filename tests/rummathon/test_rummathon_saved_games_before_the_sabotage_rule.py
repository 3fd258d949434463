"""A Rummathon game dealt before a Sabotage could no longer be discarded keeps the rule it
was played under: its log, which may hold such a discard, replays, and `verify_games`
finds its snapshot equal to it (found on an upgrade: the replay answered 500). A table
not yet dealt takes today's rules."""

import importlib

import pytest
from django.core.management import call_command

from tables.actions import lifecycle
from tables.models import Game
from tables.replay import replay
from tests.migration_states import apps_at

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.rummathon.migrations.0001_sabotage_discard_in_old_games")


def old_game(alice):
    """A game as the release before saved it: no `sabotage_discard` option, and a
    Sabotage discarded in its log."""
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "rummathon", seats=2, bots=1).pk)
    options = {k: v for k, v in game.options.items() if k != "sabotage_discard"}
    state = {**game.state, "options": {k: v for k, v in game.state["options"].items() if k != "sabotage_discard"}}
    return game, options, state


def test_a_game_dealt_before_keeps_the_rule_and_replays(alice, capsys):
    game, options, state = old_game(alice)
    Game.objects.filter(pk=game.pk).update(options=options, state=state)
    waiting = lifecycle.create_table(alice, "rummathon", seats=2)
    Game.objects.filter(pk=waiting.pk).update(options={"variant": "full"})  # as the release before saved it

    MIGRATION.keep_old_rule(apps_at("rummathon", "0001_sabotage_discard_in_old_games"), None)

    game = Game.objects.get(pk=game.pk)
    assert game.options["sabotage_discard"] is True and game.state["options"]["sabotage_discard"] is True
    assert replay(game) == game.state
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out
    assert "sabotage_discard" not in Game.objects.get(pk=waiting.pk).options  # dealt later: today's rules


def test_a_new_table_may_not_discard_a_sabotage(alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "rummathon", seats=2, bots=1).pk)
    assert game.state["options"]["sabotage_discard"] is False
