"""The create form tells a host what the bot levels mean, that a bot sees only what its
seat may see, and which games lack a level."""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.html import escape

from tables.forms import BOT_LEVEL_HELP, CreateTableForm
from tests.core.services.at_once_toy import PICKS

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).parent.parent / "services" / "templates"


def test_the_lobby_says_what_the_levels_mean_and_that_bots_see_only_their_seat(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert escape(BOT_LEVEL_HELP) in page
    assert "its own cards and what the table has seen" in BOT_LEVEL_HELP
    assert "only, so far" not in page  # every game has bots of every level


def test_a_level_some_game_lacks_is_named_after_the_meaning(toy_game_with):
    assert "hard" not in PICKS.bots
    toy_game_with(PICKS, TEMPLATES)
    help_text = CreateTableForm().fields["bot_level"].help_text
    assert help_text.startswith(BOT_LEVEL_HELP + " Hard bots play ")
    assert help_text.endswith(" only, so far.")
    assert "Picks" not in help_text.removeprefix(BOT_LEVEL_HELP)
