"""Cap-It's page offers only what is possible (issue 48): at positions of games the bots
play (four to six players, every round), every button the seat to act is shown would
post a move the engine plays, and each type of its legal moves has a button or a line
saying what is missing. Once the builder holds the cards of a legal play (the contract,
a meld, a lay-off, a swap), its button for that play shows."""

import pytest
from django.urls import reverse

from games.capit.engine.bots import BOTS
from games.capit.engine.rules import RULES
from games.capit.forms import fields_for
from tests.offers import assert_offers_only_legal_moves, builder_page, dealt, page_as, positions, seat_state

pytestmark = pytest.mark.django_db

GAMES = [(4, 21), (5, 22), (6, 23)]  # players, seed
BUILT = ("lay_contract", "meld", "lay_off", "replace")  # the plays the builder posts


def capit_builder_page(client, game, move: dict) -> str:
    """The page the builder's "Check" brings back holding this play's cards."""
    return builder_page(client, reverse("capit:check", args=[game.pk]), fields_for(move)[1:])


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_capit_offers_only_legal_moves(client, people, players, seed):
    users = people(players)
    game = dealt(users, "capit")
    seen, built = set(), set()
    for state in positions(RULES, BOTS, players, {}, seed, moves=360, every=8):
        game = seat_state(game, state)
        (seat,) = RULES.to_act(state)
        seen |= assert_offers_only_legal_moves(game, seat, page_as(client, users[seat], game))
        for kind in BUILT:
            move = next((m for m in RULES.legal_moves(state, seat) if m["type"] == kind), None)
            if move is not None:
                assert kind in assert_offers_only_legal_moves(game, seat, capit_builder_page(client, game, move))
                built.add(kind)
    assert {"take_discard", "push", "discard"} <= seen and set(BUILT) == built
