"""Rummathon's page offers only what is possible (issue 48): at positions of games the bots
play (two to six players, every phase), every button the seat to act is shown would post
a move the engine plays, and each type of its legal moves has a button or a line saying
what is missing. Where a lay-down is possible, the builder holding the solver's groups
shows its own button for them."""

import pytest
from django.urls import reverse

from games.rummathon.engine import RULES
from games.rummathon.engine.bots import BOTS
from games.rummathon.forms import fields_for
from tests.offers import assert_offers_only_legal_moves, builder_page, dealt, page_as, positions, seat_state

pytestmark = pytest.mark.django_db

GAMES = [(2, 11), (3, 12), (4, 13), (6, 14)]  # players, seed


def rummathon_builder_page(client, game, lay: dict) -> str:
    """The page the builder's "Check" brings back holding these groups."""
    fields = [(name, value) for name, value in fields_for(lay) if name not in ("type", "depth", "with")]
    return builder_page(client, reverse("rummathon:check", args=[game.pk]), fields)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_rummathon_offers_only_legal_moves(client, people, players, seed):
    users = people(players)
    game = dealt(users, "rummathon", {"variant": "half"})
    seen, laid = set(), 0
    for state in positions(RULES, BOTS, players, {"variant": "half"}, seed, moves=420, every=6):
        game = seat_state(game, state)
        for seat in RULES.to_act(state):
            seen |= assert_offers_only_legal_moves(game, seat, page_as(client, users[seat], game))
            lay = next((m for m in RULES.legal_moves(state, seat) if m["type"] == "lay" or "lay" in m), None)
            if lay is not None:
                laid += 1
                offered = assert_offers_only_legal_moves(game, seat, rummathon_builder_page(client, game, lay))
                assert lay["type"] in offered
    assert {"draw", "take", "hit", "action", "discard"} <= seen and laid
