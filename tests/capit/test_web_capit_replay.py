"""A finished Cap-It game's replay: the round, the melds and every hand after any move."""

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from games.replay import replay
from tests.capit.capit_web import play_bots

pytestmark = pytest.mark.django_db


def shown_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def test_a_cap_it_replay_shows_the_round_the_melds_and_every_hand(client, alice):
    game = services.start_table(alice, services.create_table(alice, "capit", seats=4, bots=3).pk)
    game = play_bots(game)
    game = services.resign(alice, game.pk)
    game = play_bots(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    at = next(e.seq for e in game.events.order_by("seq") if e.move["type"] == "lay_contract")
    html = client.get(reverse("replay", args=[game.pk]), {"at": at}).content.decode()
    state = replay(game, upto=at)
    assert f"Round {state['round']} of 5" in html and "On the table" in html
    in_hands = set().union(*state["hands"])
    assert in_hands <= shown_cards(html)
    assert {card for meld in state["melds"] for card in meld["cards"]} <= shown_cards(html)
