"""A round's summary stays in view until the player moves on (issue 48): when a round (a
deal in Casino) ends and the next is dealt, its summary opens the game's part, above the
piles, and only there; once the player has made a move of the new round it goes back
under the scores. A spectator sees it while the move that ended the round is among the
last ones."""

import pytest

from tables.actions import lifecycle
from tables.move_log import JUST_NOW_MOST
from tables.presenters import present
from tests.playing import play_moves, until_a_round_ends, until_seat_moved

pytestmark = pytest.mark.django_db

SUMMARY_TITLE = {
    "capit": 'id="round-summary-title"',
    "rummathon": 'id="round-summary-title"',
    "casino": 'id="deal-summary-title"',
}
# Seeds whose first round ends with the game going on (Casino's seed 5 ends the game in one deal).
SEEDS = {"capit": 5, "rummathon": 5, "casino": 3}
PILES = {"capit": 'class="piles piles--capit"', "rummathon": 'class="rum-piles"', "casino": 'class="casino-row"'}


@pytest.mark.parametrize("kind", ["capit", "rummathon", "casino"])
def test_the_summary_opens_the_table_until_the_player_moves_on(client, alice, monkeypatch, enqueued, kind):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEEDS[kind])
    game = until_a_round_ends(lifecycle.quick_game(alice, kind, bot_level="normal"), alice)
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert page.count(SUMMARY_TITLE[kind]) == 1
    assert page.index("data-round-over") < page.index(SUMMARY_TITLE[kind]) < page.index(PILES[kind])
    assert "is dealt." in page and "data-round-over-close" in page

    game = until_seat_moved(game, 0)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "data-round-over" not in page
    assert page.count(SUMMARY_TITLE[kind]) == 1 and page.index(PILES[kind]) < page.index(SUMMARY_TITLE[kind])


def test_a_spectator_sees_it_while_the_round_end_is_among_the_last_moves(client, alice, bob, monkeypatch, enqueued):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 5)
    game = until_a_round_ends(lifecycle.quick_game(alice, "capit", bot_level="normal"), alice)
    assert present(game, bob)["round_over"]["title"].startswith("Round ")
    for _ in range(JUST_NOW_MOST + 1):  # more moves than the panel ever holds
        game = play_moves(game, 1)
    assert present(game, bob)["round_over"] is None
