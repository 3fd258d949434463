"""The create form tells a host what the bot levels mean, that a bot sees only what its
seat may see, and which games offer fewer levels; the lobby's "Play now" says the same."""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.html import escape

from tables.forms import BOT_LEVEL_HELP, CreateTableForm, fewer_levels_note
from tables.plugins import PLUGINS
from tests.core.services.at_once_toy import PICKS

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).parent.parent / "services" / "templates"


def test_the_lobby_says_what_the_levels_mean_and_that_bots_see_only_their_seat(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert escape(BOT_LEVEL_HELP) in page
    assert "its own cards and what the table has seen" in BOT_LEVEL_HELP


def test_a_game_with_fewer_levels_says_so_under_both_level_choices(client, alice):
    """Cap-It's hard bot measured even with its normal one (bench/README.md, "Bot
    strength"), so Cap-It offers two levels, and the lobby says so where a level is chosen."""
    assert "hard" not in PLUGINS["capit"].bots
    note = "Cap-It has two levels, easy and normal: a hard bot we wrote played no better than its normal one."
    assert fewer_levels_note() == note
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    quick_help = page[page.index('id="quick-help"') : page.index("</p>", page.index('id="quick-help"'))]
    assert note in quick_help
    assert CreateTableForm().fields["bot_level"].help_text == f"{BOT_LEVEL_HELP} {note}"


def test_a_level_some_game_lacks_is_named_after_the_meaning(toy_game_with):
    assert "hard" not in PICKS.bots
    toy_game_with(PICKS, TEMPLATES)
    help_text = CreateTableForm().fields["bot_level"].help_text
    assert help_text.startswith(BOT_LEVEL_HELP + " ")
    picks = "Picks has two levels, easy and normal: a hard bot we wrote played no better than its normal one."
    assert picks in help_text
