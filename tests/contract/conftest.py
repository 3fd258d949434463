"""Fixtures of the contract suite: a toy game registered for one test, a client that
answers a server error with a 500 (as the site would) instead of raising, fixed seeds."""

from pathlib import Path

import pytest
from django.test import Client

from games import services
from games.engine import registry
from games.plugins import PLUGINS, register

TOY_TEMPLATES = Path(__file__).parent / "toys" / "templates"
# A fixed deal for the tables the web checks play: the run is the same every time.
TABLE_SEED = 8_135_270_411_093_472_113


@pytest.fixture
def toy_game(settings):
    """toy_game(plugin): register a toy game's plugin (and its templates) for this test."""
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TOY_TEMPLATES]}]
    registered = []

    def add(plugin):
        assert plugin.slug not in PLUGINS, "a toy must not replace a real game"
        register(plugin)
        registered.append(plugin.slug)
        return plugin

    yield add
    for slug in registered:
        del PLUGINS[slug], registry.RULES[slug], registry.BOTS[slug]


@pytest.fixture
def spectator(player):
    """A signed-in user with no seat at the tables of the test."""
    return player("dave", "Dave")


@pytest.fixture
def site_client():
    return Client(raise_request_exception=False)


@pytest.fixture(autouse=True)
def _fixed_table_seed(monkeypatch):
    monkeypatch.setattr(services, "new_seed", lambda: TABLE_SEED)
