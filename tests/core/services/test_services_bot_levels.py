"""A table's bots play at the level its host chose: easy, normal or hard, where the game
has bots of that level; any other choice is refused with a clear message, before anything
is created."""

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tables.actions import errors, lifecycle, table_checks, turn_timeouts
from tables.models import Game
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


@pytest.mark.parametrize("level", table_checks.BOT_LEVELS)
def test_a_game_with_bots_of_every_level_takes_each(picks_at_every_level, alice, level):
    game = lifecycle.create_table(alice, "picks", seats=3, bots=2, bot_level=level)
    assert {s.bot_level for s in game.seat_list if s.user_id is None} == {level}


def test_a_level_the_game_has_no_bots_of_is_refused(picks_without_hard, alice):
    with pytest.raises(errors.ServiceError, match="Picks has no hard bots yet"):
        lifecycle.create_table(alice, "picks", seats=3, bots=2, bot_level="hard")
    # ... also with no bot seated yet: the seats still empty at the start would get them.
    with pytest.raises(errors.ServiceError, match="no hard bots yet"):
        lifecycle.create_table(alice, "picks", seats=3, bots=0, bot_level="hard")
    assert not Game.objects.exists()


def test_an_unknown_level_is_refused(picks_without_hard, alice):
    with pytest.raises(errors.ServiceError, match="Bot level must be one of easy, normal, hard"):
        lifecycle.create_table(alice, "picks", seats=3, bots=2, bot_level="grandmaster")


class Marked:
    """A bot that plays like another and says it was asked."""

    def __init__(self, bot):
        self.bot, self.asked = bot, 0

    def choose(self, state, seat, rng):
        self.asked += 1
        return self.bot.choose(state, seat, rng)


@pytest.fixture
def picks_standing_in_hard(toy_game_with):
    hard = Marked(PICKS.bots["normal"])
    bots = {"easy": PICKS.bots["easy"], "normal": PICKS.bots["normal"], "hard": hard}
    toy_game_with(replace(PICKS, bots=bots, stand_in_level="hard"), TEMPLATES)
    return hard


def test_a_quick_game_without_a_level_seats_normal_bots_as_the_lobby_does(picks_standing_in_hard, alice, enqueued):
    game = lifecycle.quick_game(alice, "picks")  # the stand-in level is "hard": not what a quick game seats
    assert {s.bot_level for s in game.seat_list if s.user_id is None} == {"normal"}


def test_play_now_seats_the_level_asked(picks_standing_in_hard, alice, enqueued):
    game = lifecycle.quick_game(alice, "picks", bot_level="hard")
    assert {s.bot_level for s in game.seat_list if s.user_id is None} == {"hard"}


def test_the_stand_in_level_plays_a_turn_that_ran_out(picks_standing_in_hard, alice, bob, enqueued):
    game = lifecycle.create_table(alice, "picks", seats=2, turn_seconds=3600)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
    assert picks_standing_in_hard.asked == 2  # both choices of the step played at once
