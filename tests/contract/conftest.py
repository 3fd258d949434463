"""Fixtures of the contract suite: a toy game registered for one test, a client that
answers a server error with a 500 (as the site would) instead of raising, fixed seeds."""

from pathlib import Path

import pytest
from django.test import Client

from tables.actions import lifecycle

TOY_TEMPLATES = Path(__file__).parent / "toys" / "templates"
# A fixed deal for the tables the web checks play: the run is the same every time.
TABLE_SEED = 8_135_270_411_093_472_113


@pytest.fixture
def toy_game(toy_game_with):
    """toy_game(plugin): register a toy game's plugin (and the toys' templates) for this test."""
    return lambda plugin: toy_game_with(plugin, TOY_TEMPLATES)


@pytest.fixture
def spectator(player):
    """A signed-in user with no seat at the tables of the test."""
    return player("dave", "Dave")


@pytest.fixture
def site_client():
    return Client(raise_request_exception=False)


@pytest.fixture(autouse=True)
def _fixed_table_seed(monkeypatch):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: TABLE_SEED)
