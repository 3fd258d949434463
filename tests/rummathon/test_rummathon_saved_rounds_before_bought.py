"""A Rummathon game saved before each round kept what was bought gets it from its own
replay, so `manage.py verify_games` finds its snapshot equal to its log; and until then its
page puts the cost of the cards bought in one row, so that the rows still add up."""

import importlib

import pytest
from django.core.management import call_command

from games.rummathon.results import points_by_round, round_rows
from tables.actions import lifecycle
from tables.models import Game
from tests.migration_states import apps_at
from tests.rummathon.rummathon_web import play_bots

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.rummathon.migrations.0002_bought_in_saved_rounds")


def without_bought(state: dict) -> dict:
    return {**state, "rounds": [{k: v for k, v in r.items() if k != "bought"} for r in state["rounds"]]}


@pytest.fixture
def bots_game(alice):
    """A whole game of three bots (buying cards as they go), watched by alice."""
    game = lifecycle.create_table(alice, "rummathon", seats=3, bots=3)
    game = play_bots(lifecycle.start_table(alice, game.pk))
    assert game.status == Game.Status.FINISHED and game.state["rounds"]
    return game


def test_rounds_saved_without_bought_take_it_from_their_replay(bots_game, capsys):
    Game.objects.filter(pk=bots_game.pk).update(state=without_bought(bots_game.state))

    MIGRATION.add_bought(apps_at("rummathon", "0002_bought_in_saved_rounds"), None)

    assert Game.objects.get(pk=bots_game.pk).state == bots_game.state
    call_command("verify_games")
    assert "0 mismatches" in capsys.readouterr().out


def test_an_old_state_shows_its_buying_in_one_row_that_makes_the_sum(bots_game):
    view = bots_game.rules.view(without_bought(bots_game.state), None)
    names = [f"P{i}" for i in range(view["players"])]
    score = points_by_round(view, round_rows(view, names))
    spent = [sum(r["bought"][seat] for r in bots_game.state["rounds"]) * -10 for seat in range(view["players"])]
    assert not any("Round" in line["label"] and "cards bought" in line["label"] for line in score["lines"])
    if any(spent):
        assert score["lines"][-1] == {"label": "Cards bought in earlier rounds", "cells": spent}
    for seat, total in enumerate(score["totals"]):
        assert sum(line["cells"][seat] for line in score["lines"]) == total == bots_game.state["scores"][seat]
