"""Cap-It's position in a turn mail (mailroom/mail_position.py, tests/mail_positions.py):
each seat's text and HTML name every card of its hand, and no hidden card; the melds on
the table by their letters, owners and cards; the round, the contract and what the turn
asks."""

import pytest

from engine.cards import face
from tables.plugins import PLUGINS
from tests.mail_positions import check_groups_lettered, check_positions_through_a_game, text_at

pytestmark = pytest.mark.django_db


def test_each_seat_reads_its_hand_and_no_hidden_card_through_a_game(people):
    check_positions_through_a_game(PLUGINS["capit"], people, face)


def test_melds_on_the_table_show_their_letter_owner_and_cards(people):
    check_groups_lettered(
        PLUGINS["capit"], people, lambda view: [(meld["owner"], meld["cards"]) for meld in view["melds"]], face
    )


def test_capit_shows_round_contract_and_laid_status(people):
    game, view, text = text_at(PLUGINS["capit"], people, 5, lambda view: any(view["laid"]))
    assert f"Round {view['round']} of 5" in text
    assert f"Contract: {view['contract']['text']}" in text
    laid = [game.seat_list[i].name for i, down in enumerate(view["laid"]) if down]
    assert f"Contract down: {', '.join(laid)}." in text


def test_capit_says_what_the_turn_asks_as_the_page_does(people):
    """Found by a QA pass: the mail offered a draw from the stock with a discard to take
    (refused), and lay-offs before the contract (refused)."""
    capit = PLUGINS["capit"]
    _, _, text = text_at(capit, people, 5, lambda view: view["phase"] == "draw" and view["discard_top"])
    assert "Draw: take the discard, or push it." in text and "draw from the stock" not in text.lower()
    _, _, text = text_at(capit, people, 5, lambda view: view["phase"] == "play" and not view["laid"][view["seat"]])
    assert "Lay down your contract if you can, then discard." in text and "lay off" not in text.lower()
    _, _, text = text_at(capit, people, 5, lambda view: view["phase"] == "play" and view["laid"][view["seat"]])
    assert "Meld, lay off or swap if you can, then discard." in text
