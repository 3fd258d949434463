"""Attack: read another player's cards from any page the site answers.

A whole two-player Capitalla deal is played through the services; after every move each
page a viewer can ask for (the full page, the htmx poll answer, the move history) is
fetched by both players, a signed-in stranger and an anonymous visitor. No answer may
name a card that the viewer has not seen: another seat's card that never lay face up
(until the end, when every hand is shown), or the draw pile's."""

import random
import re

import pytest
from django.urls import reverse

from engine.bots import get_bot
from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
MAX_MOVES = 80
SEED = 4724220564029810242  # a deal that ends, by a declaration, after 25 moves


def card_ids(html: str) -> set[str]:
    """Every card id a page carries: as a card, a form value or a card's data."""
    return set(re.findall(r'(?:data-card|value)="([A-Z]{3})"', html))


def pages(client, game: Game) -> list[str]:
    urls = [reverse("game", args=[game.pk]), reverse("history", args=[game.pk])]
    answers = [client.get(url).content.decode() for url in urls]
    answers.append(client.get(f"{urls[0]}?since={game.version - 1}", **HTMX).content.decode())
    return answers


def test_no_page_shows_a_card_its_viewer_has_not_seen(client, alice, bob, charlie, monkeypatch):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    players = {0: alice, 1: bob}
    bot, rng = get_bot("capitalla", "normal"), random.Random(17)
    face_up = set()  # every card that lay on top of the discard pile at some point
    fetched = 0
    for _ in range(MAX_MOVES):
        state = game.state
        face_up.update(state["discard"][-1:])
        for seat, viewer in [(0, alice), (1, bob), (None, charlie), (None, None)]:
            if viewer is None:
                client.logout()
            else:
                client.force_login(viewer)
            unseen = set(state["draw"])
            if game.status == Game.Status.ACTIVE:  # at the end every hand is shown
                unseen |= {
                    card for other, hand in enumerate(state["hands"]) if other != seat for card in hand
                } - face_up
            for html in pages(client, game):
                fetched += 1
                assert not card_ids(html) & unseen, (seat, card_ids(html) & unseen)
                assert game.status != Game.Status.ACTIVE or str(game.seed) not in html
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.to_act[0]
        move = bot.choose(state, seat, rng)
        game = player_moves.play_move(players[seat], game.pk, game.version, move)
    assert fetched >= 100, fetched
