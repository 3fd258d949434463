"""Casino's page offers only what is possible (issue 48): at positions of games the bots
play (two to four players), every button a seat is shown (the plays of a selection, the
questions to put after a capture, the answers to the questions put to it) would post a
move the engine plays, and each type of its legal moves has a button or a line saying
what is missing. A seat with a question to answer is checked off its turn too, and one
away (a bot plays its seat) is offered no answer: the move view would refuse it."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from games.casino.engine import RULES
from games.casino.engine.bots import BOTS
from tests.offers import assert_offers_only_legal_moves, dealt, offers, page_as, positions, seat_state

pytestmark = pytest.mark.django_db

GAMES = [(2, 31), (3, 32), (4, 33)]  # players, seed


def selection(move: dict) -> str:
    """The page's query holding this play's selection: its hand card and table items."""
    picked = (
        list(move.get("loose") or []) + list(move.get("builds") or []) + ([move["build"]] if move.get("build") else [])
    )
    return "?" + urlencode([("card", move["card"])] + [("pick", item) for item in picked])


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_casino_offers_only_legal_moves(client, people, players, seed):
    users = people(players)
    game = dealt(users, "casino")
    answer = {reverse("casino:answer", args=[game.pk]): [("type", "answer")]}
    seen = set()
    for state in positions(RULES, BOTS, players, {}, seed, moves=240, every=6):
        game = seat_state(game, state)
        for seat in range(players):
            legal = RULES.legal_moves(state, seat)
            if not legal:
                continue
            seen |= assert_offers_only_legal_moves(game, seat, page_as(client, users[seat], game), answer)
            play = next((m for m in legal if m["type"] in ("capture", "build", "trail")), None)
            if play is not None:
                html = page_as(client, users[seat], game, selection(play))
                offered = assert_offers_only_legal_moves(game, seat, html, answer, every_type=False)
                assert play["type"] in offered
                seen |= offered
    assert {"capture", "build", "trail", "ask", "answer"} <= seen


def test_a_seat_played_by_a_bot_is_offered_no_answer(client, people):
    users = people(2)
    game = dealt(users, "casino")
    for state in positions(RULES, BOTS, 2, {}, 34, moves=300, every=1):
        if RULES.legal_moves(state, 1) and any(m["type"] == "answer" for m in RULES.legal_moves(state, 1)):
            break
    game = seat_state(game, state)
    answer = {reverse("casino:answer", args=[game.pk]): [("type", "answer")]}
    assert offers(page_as(client, users[1], game), answer)[0]
    game.seat_list[1].away = True
    game.seat_list[1].save(update_fields=["away"])
    assert not offers(page_as(client, users[1], game), answer)[0]
