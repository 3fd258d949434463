"""A table's bots play at the level its host chose: easy, normal or hard, where the game
has bots of that level; any other choice is refused with a clear message, before anything
is created."""

from dataclasses import replace
from pathlib import Path

import pytest

from games import services
from games.models import Game
from tests.core.services.at_once_toy import PICKS

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture
def picks_at_every_level(toy_game_with):
    bot = PICKS.bots["normal"]
    toy_game_with(replace(PICKS, bots={"easy": bot, "normal": bot, "hard": bot}), TEMPLATES)


@pytest.fixture
def picks_without_hard(toy_game_with):
    assert "hard" not in PICKS.bots
    toy_game_with(PICKS, TEMPLATES)


@pytest.mark.parametrize("level", services.BOT_LEVELS)
def test_a_game_with_bots_of_every_level_takes_each(picks_at_every_level, alice, level):
    game = services.create_table(alice, "picks", seats=3, bots=2, bot_level=level)
    assert {s.bot_level for s in game.seat_list if s.user_id is None} == {level}


def test_a_level_the_game_has_no_bots_of_is_refused(picks_without_hard, alice):
    with pytest.raises(services.ServiceError, match="Picks has no hard bots yet"):
        services.create_table(alice, "picks", seats=3, bots=2, bot_level="hard")
    # ... also with no bot seated yet: the seats still empty at the start would get them.
    with pytest.raises(services.ServiceError, match="no hard bots yet"):
        services.create_table(alice, "picks", seats=3, bots=0, bot_level="hard")
    assert not Game.objects.exists()


def test_an_unknown_level_is_refused(picks_without_hard, alice):
    with pytest.raises(services.ServiceError, match="Bot level must be one of easy, normal, hard"):
        services.create_table(alice, "picks", seats=3, bots=2, bot_level="grandmaster")
