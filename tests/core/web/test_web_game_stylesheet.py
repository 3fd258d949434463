"""Each game's CSS is a static file of its own app, linked after the site's on that game's
pages only: its table, its replay and its rules page. Other pages link none."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tables.actions import lifecycle
from tables.plugins import PLUGINS


def stylesheets(response) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)">', response.content.decode())


@pytest.mark.parametrize("kind", list(PLUGINS))
def test_the_static_finders_find_each_game_stylesheet(kind):
    assert finders.find(PLUGINS[kind].stylesheet)


@pytest.mark.parametrize("kind", list(PLUGINS))
def test_a_game_table_replay_and_rules_page_link_its_stylesheet_after_the_site_one(client, alice, play_out, kind):
    plugin = PLUGINS[kind]
    players = plugin.rules.info.min_players
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, kind, seats=players, bots=players - 1).pk)
    client.force_login(alice)
    expected = ["/static/css/site.css", f"/static/{plugin.stylesheet}"]
    assert stylesheets(client.get(game.get_absolute_url())) == expected
    assert stylesheets(client.get(reverse("rules", args=[kind]))) == expected
    game = play_out(game)
    assert stylesheets(client.get(reverse("replay", args=[game.pk]))) == expected


def test_pages_of_no_game_link_only_the_site_stylesheet(client, alice):
    client.force_login(alice)
    for url in (reverse("lobby"), reverse("rules_index"), reverse("my_games")):
        assert stylesheets(client.get(url)) == ["/static/css/site.css"]
