"""Pebbles, the test-only game, is a whole game once its package is in GAME_APPS
(tests/settings.py), with no other line anywhere: the lobby offers it, "Play now against
bots" deals it for two, a move goes through the page's form, the replay steps through it,
a reply mail plays its command, and the API lists it, opens, joins and plays it. (The
contract suite, tests/contract/, runs over it as over every registered game.)"""

import json

import pytest
from django.test import Client
from django.urls import reverse

from api import tokens
from mailroom.inbound.receive import receive
from tables.actions import lifecycle
from tables.models import Game
from tables.plugins import PLUGINS
from tests.mail_replies import reply
from tests.web_moves import post_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealt(alice, bob):
    """A dealt table of Pebbles, alice and bob; who starts comes from the seed."""
    game = lifecycle.create_table(alice, "pebbles", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


def to_act(game, alice, bob):
    game = Game.objects.get(pk=game.pk)
    return game, {seat.index: seat.user for seat in game.seat_list}[game.to_act[0]]


def test_it_is_registered_from_its_settings_line(settings):
    assert "tests.pebbles" in settings.GAME_APPS and "tests.pebbles" in settings.INSTALLED_APPS
    assert PLUGINS["pebbles"].name == "Pebbles"


def test_the_lobby_offers_it_to_create_and_to_play_now(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert '<option value="pebbles">Pebbles</option>' in page
    assert 'name="kind" value="pebbles"' in page  # its "Play now against bots" button
    table = {"kind": "pebbles", "seats": "2", "bots": "1", "bot_level": "hard"}
    assert client.post(reverse("create_table"), table).status_code == 302
    assert Game.objects.get().kind == "pebbles"


def test_its_rules_page_and_stylesheet(client):
    page = client.get(reverse("rules", args=["pebbles"])).content.decode()
    assert "How to play Pebbles" in page and "pebbles/pebbles.css" in page


def test_play_now_against_bots_deals_a_game_for_two(client, alice):
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "pebbles"}, follow=True)
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert (game.kind, game.status, game.num_seats) == ("pebbles", Game.Status.ACTIVE, 2)
    assert [seat.user for seat in game.seat_list] == [alice, None]
    assert game.seat_list[1].is_bot


def test_a_move_through_the_page_and_the_replay(client, dealt, alice, bob):
    game, user = to_act(dealt, alice, bob)
    client.force_login(user)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "The pile: 7 pebbles of 7" in page and "Take 2" in page
    assert post_move(client, game, {"type": "take", "count": 2}).status_code == 302
    game, user = to_act(game, alice, bob)
    assert game.state["pile"] == 5 and game.events.last().move == {"type": "take", "count": 2}
    while game.status == Game.Status.ACTIVE:
        client.force_login(user)
        assert post_move(client, game, {"type": "take", "count": 1}).status_code == 302
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.ACTIVE:
            game, user = to_act(game, alice, bob)
    assert "took the last pebble and won" in client.get(game.get_absolute_url()).content.decode()
    for at in range(game.version + 1):
        step = client.get(f"{reverse('replay', args=[game.pk])}?at={at}")
        assert step.status_code == 200 and "The pile:" in step.content.decode()


def test_a_reply_mail_plays_its_command(dealt, alice, bob, enqueued):
    game, user = to_act(dealt, alice, bob)
    received = receive(reply(game, user, "Take two\n\nThanks!"))
    assert received.status == "played"
    game = Game.objects.get(pk=game.pk)
    assert game.events.last().move == {"type": "take", "count": 2} and game.state["pile"] == 5


class Api:
    """The test client speaking JSON to /api/v1/ with a new token of `user`."""

    def __init__(self, user):
        self.client = Client(raise_request_exception=False)
        self.headers = {"Authorization": f"Bearer {tokens.create(user, 'test', ['read', 'play'])[1]}"}

    def get(self, path: str):
        return self.client.get(f"/api/v1{path}", headers=self.headers)

    def post(self, path: str, body=None):
        return self.client.post(
            f"/api/v1{path}", json.dumps(body or {}), content_type="application/json", headers=self.headers
        )


def test_the_api_lists_opens_joins_and_plays_it(alice, bob):
    ana, ben = Api(alice), Api(bob)
    kinds = {kind["kind"]: kind for kind in ana.get("/kinds").json()["kinds"]}
    assert kinds["pebbles"] | {"default_options": {}} == {
        "kind": "pebbles",
        "name": "Pebbles",
        "min_players": 2,
        "max_players": 2,
        "default_players": 2,
        "default_options": {},
        "quick_options": {},
        "bot_levels": ["easy", "normal", "hard"],
    }
    opened = ana.post("/tables", {"kind": "pebbles", "seats": 2})
    assert opened.status_code == 201, opened.json()
    game_id = opened.json()["id"]
    assert ben.post(f"/games/{game_id}/join").status_code == 200
    game = ana.post(f"/games/{game_id}/start").json()
    assert game["status"] == "active" and game["view"]["pile"] == 7
    player = ana if game["my_turn"] else ben
    legal = player.get(f"/games/{game_id}/legal-moves").json()
    assert legal["moves"] == [{"type": "take", "count": 1}, {"type": "take", "count": 2}]
    moved = player.post(f"/games/{game_id}/moves", {"version": legal["version"], "move": legal["moves"][1]})
    assert moved.status_code == 200 and moved.json()["view"]["pile"] == 5
