"""A whole Rummathon game through the web: alice's moves posted through the page's form
(each the normal bot's choice for her seat), the bots' turns as the worker plays them;
the page along the way, the result page at the end and the replay."""

import random
import re

import pytest
from django.urls import reverse

from tables.actions import bot_play, lifecycle
from tables.models import Game
from tables.replay import replay
from tests.rummathon.rummathon_web import current, page, play_bots, post_move

pytestmark = pytest.mark.django_db


def play_through_the_web(client, alice, game, at_each=lambda game: None) -> Game:
    bot, rng = bot_play.get_bot("rummathon", "normal"), random.Random(5)
    client.force_login(alice)
    for _ in range(5000):
        game = play_bots(game)
        at_each(game)
        if game.status != Game.Status.ACTIVE:
            return game
        assert 0 in game.to_act
        response = post_move(client, game, bot.choose(game.state, 0, rng))
        assert response.status_code == 302, response.content.decode()[:300]
    raise AssertionError("no end")


@pytest.fixture
def finished(client, alice, monkeypatch):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 11)
    game = lifecycle.create_table(alice, "rummathon", seats=3, bots=2, options={"variant": "half"})
    game = lifecycle.start_table(alice, game.pk)
    seen = {}

    def look(game):
        """The page once, when a round has ended: its summary and scores."""
        if game.status == Game.Status.ACTIVE and game.state["rounds"] and "summary" not in seen:
            seen["summary"] = page(client, alice, game)

    game = play_through_the_web(client, alice, game, look)
    assert game.status == Game.Status.FINISHED
    return game, seen["summary"]


def test_a_whole_game_against_bots_reaches_the_result_page(client, alice, finished):
    game, _ = finished
    html = page(client, alice, game)
    headline = game.plugin.result_headline(game.result, lambda i: game.seat_list[i].name)
    assert f">{headline}</h2>" in html
    rounds = len(game.state["rounds"])
    assert f"Round {rounds}: " in html and "Points by round" in html
    assert html.count('<th scope="row">') >= rounds


def test_after_a_round_the_page_shows_its_summary_and_the_scores(finished):
    _, html = finished
    summary = html.split('id="round-summary-title"', 1)[1].split("</section>", 1)[0]
    assert re.search(r">Round \d+: ([^<]+ went out|no cards left to draw)</h2>", summary)
    assert "advances 1" in summary or "repeats" in summary
    assert "Points by round" in html


def test_the_replay_shows_every_hand(client, finished):
    game, _ = finished
    html = client.get(reverse("replay", args=[game.pk]), {"at": 1}).content.decode()
    state = replay(current(game), upto=1)
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert {card for hand in state["hands"] for card in hand} <= shown
    assert not set(state["deck"]) & shown
