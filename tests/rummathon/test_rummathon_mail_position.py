"""Rummathon's position in a turn mail (mailroom/mail_position.py, tests/mail_positions.py):
each seat's text and HTML name every card of its hand, and no hidden card; the groups on
the table by their letters, owners (mine as "You") and cards; the discard pile with its
depths and my rule card."""

import pytest

from games.rummathon.engine import face
from mailroom.mail_position import wrap_text
from tables.plugins import PLUGINS
from tests.mail_positions import check_groups_lettered, check_positions_through_a_game, text_at

pytestmark = pytest.mark.django_db


def test_each_seat_reads_its_hand_and_no_hidden_card_through_a_game(people):
    check_positions_through_a_game(PLUGINS["rummathon"], people, face)


def test_groups_on_the_table_show_their_letter_owner_and_cards(people):
    def groups_of(view):
        return [(seat, group["cards"]) for seat, groups in enumerate(view["groups"]) for group in groups]

    check_groups_lettered(PLUGINS["rummathon"], people, groups_of, face, mine_as_you=True)


def test_rummathon_shows_the_discard_pile_with_depths_and_my_sequence(people):
    game, view, text = text_at(PLUGINS["rummathon"], people, 5, lambda view: len(view["discard"]) >= 3)
    pile = view["discard"]
    depths = " · ".join(f"{depth}: {face(card)}" for depth, card in enumerate(reversed(pile)))
    assert wrap_text(f"  {depths}").strip() in text
    assert "Your rule card:" in text and "now " in text
