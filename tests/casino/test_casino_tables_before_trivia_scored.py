"""A Casino table made before right answers scored by default keeps them unscored: a game
dealt then replays to its snapshot (`verify_games`), and a table waiting for its deal keeps
the "off" its host saw. A table made today scores them."""

import importlib

import pytest
from django.core.management import call_command

from tables.actions import lifecycle
from tables.models import Game
from tables.replay import replay
from tests.migration_states import apps_at

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.casino.migrations.0001_trivia_off_in_old_games")


def saved_as_before(game):
    """The game as the release before saved it: no `trivia_points` in its options, and
    "off" in the saved state of a dealt one (the default then)."""
    options = {k: v for k, v in game.options.items() if k != "trivia_points"}
    state = None if game.state is None else {**game.state, "options": {**game.state["options"], "trivia_points": False}}
    Game.objects.filter(pk=game.pk).update(options=options, state=state)


def test_a_casino_game_dealt_before_keeps_answers_unscored_and_replays(alice, capsys):
    dealt = lifecycle.start_table(alice, lifecycle.create_table(alice, "casino", seats=2, bots=1).pk)
    waiting = lifecycle.create_table(alice, "casino", seats=2)
    saved_as_before(dealt)
    saved_as_before(waiting)

    MIGRATION.keep_trivia_off(apps_at("casino", "0001_trivia_off_in_old_games"), None)

    dealt, waiting = Game.objects.get(pk=dealt.pk), Game.objects.get(pk=waiting.pk)
    assert dealt.options["trivia_points"] is False and replay(dealt) == dealt.state
    assert waiting.options["trivia_points"] is False
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out


def test_a_casino_table_made_today_scores_right_answers(alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "casino", seats=2, bots=1).pk)
    assert game.state["options"]["trivia_points"] is True
