"""The settings of the test run: the site's own, plus the games that exist for the tests.

A test game is one package in tests/ (tests/pebbles/), registered as the site's settings
register a real game: its line in `GAME_APPS`, so that every test over the registered
games (the contract suite, the lobby, the mail, the API) runs over it too.
"""

from capitalla_site.settings import *  # noqa: F403
from capitalla_site.settings import GAME_APPS, INSTALLED_APPS

TEST_GAME_APPS = [
    "tests.pebbles",
]
GAME_APPS = [*GAME_APPS, *TEST_GAME_APPS]
INSTALLED_APPS = [*INSTALLED_APPS, *TEST_GAME_APPS]
