"""Capitalla's page offers only what is possible (issue 48): at positions of games the
bots play (two to six players), every button the seat to act is shown (a draw from either
pile, a discard, the declaration the solver found) would post a move the engine plays,
and each type of its legal moves has a button."""

import pytest

from games.capitalla.engine import RULES
from games.capitalla.engine.bots import BOTS
from tests.offers import assert_offers_only_legal_moves, dealt, page_as, positions, seat_state

pytestmark = pytest.mark.django_db

GAMES = [(2, 41), (4, 42), (6, 43)]  # players, seed


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_capitalla_offers_only_legal_moves(client, people, players, seed):
    users = people(players)
    game = dealt(users, "capitalla")
    seen = set()
    for state in positions(RULES, BOTS, players, {}, seed, moves=240, every=3):
        game = seat_state(game, state)
        (seat,) = RULES.to_act(state)
        seen |= assert_offers_only_legal_moves(game, seat, page_as(client, users[seat], game))
    assert {"draw", "discard"} <= seen
