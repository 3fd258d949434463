"""A finished Cap-It game's replay: the round, the melds and every hand after any move."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game
from tables.replay import replay
from tests.capit.capit_web import play_bots

pytestmark = pytest.mark.django_db


def shown_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def test_a_cap_it_replay_shows_the_round_the_melds_and_every_hand(client, alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=4).pk)
    game = play_bots(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    at = next(e.seq for e in game.events.order_by("seq") if e.move["type"] == "lay_contract")
    html = client.get(reverse("replay", args=[game.pk]), {"at": at}).content.decode()
    state = replay(game, upto=at)
    assert f"Round {state['round']} of 5" in html and "On the table" in html
    in_hands = set().union(*state["hands"])
    assert in_hands <= shown_cards(html)
    assert {card for meld in state["melds"] for card in meld["cards"]} <= shown_cards(html)


def test_the_replay_jumps_to_the_start_of_each_round(client, alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=4).pk)
    game = play_bots(game)
    assert game.status == Game.Status.FINISHED
    last_round = replay(game)["round"]
    html = client.get(reverse("replay", args=[game.pk]), {"at": 0}).content.decode()
    jumps = html.split('aria-label="Jump to"')[1].split("</nav>")[0]

    labels = re.findall(r">(Round \d)<", jumps)
    starts = [int(at) for at in re.findall(r'href="[^"]*\?at=(\d+)"', jumps)]
    assert labels == [f"Round {n}" for n in range(1, last_round + 1)]
    assert '<span class="button button--small button--off button--current" aria-current="step">Round 1</span>' in jumps
    for number, start in enumerate(starts, start=2):  # round 1 starts at the deal, where the page is
        assert (replay(game, upto=start - 1)["round"], replay(game, upto=start)["round"]) == (number - 1, number)
