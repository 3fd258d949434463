"""Capitalla's position in a turn mail (mailroom/mail_position.py, tests/mail_positions.py):
each seat's text and HTML name every card of its hand by country and capital, and no
hidden card; the hand by capital initial, the discard pile; the turn mail carries it; a
finished game says who left."""

import html
import re

import pytest
from django.core import mail

from games.capitalla.presenter import card as capitalla_card
from mailroom.mail_position import WIDTH, position
from mailroom.notifications.sending import send_notification
from tables.actions import lifecycle, player_moves
from tables.models import Game
from tables.plugins import PLUGINS
from tests.mail_positions import check_positions_through_a_game, text_at

pytestmark = pytest.mark.django_db


def name_of(card: str) -> str:
    return capitalla_card(card)["text_name"]


def test_each_seat_reads_its_hand_and_no_hidden_card_through_a_game(people):
    check_positions_through_a_game(PLUGINS["capitalla"], people, name_of)


def test_capitalla_groups_my_hand_by_capital_initial_and_shows_the_discard(people):
    game, view, text = text_at(PLUGINS["capitalla"], people, 5, lambda view: view.get("discard_top"))
    # A long name may wrap the line (72 columns): compare the words.
    assert f"Discard pile: {name_of(view['discard_top'])} on top" in " ".join(text.split())
    for card in view["hand"]:
        face = capitalla_card(card)
        line = next(line for line in text.splitlines() if face["text_name"] in line)
        if not face["is_joker"]:
            assert line.startswith(f"  {face['group_letter']}  ") or line.startswith("     "), line


def test_the_turn_mail_carries_the_position_in_both_parts(table, alice):
    game = Game.objects.get(pk=table.pk)
    assert send_notification("your_turn", alice.pk, game.pk, game.version)
    sent = mail.outbox[-1]
    hand = game.rules.view(game.state, 0)["hand"]
    body, html_part = sent.body, sent.alternatives[0][0]
    assert "Your hand, 13 cards, by capital initial:" in body
    assert all(name_of(card) in body for card in hand)
    assert all(html.escape(name_of(card)) in html_part for card in hand)
    assert body.index("Your hand") < body.index("Continue to your game:")
    assert all(len(line) <= WIDTH for line in body.splitlines() if "://" not in line)


def test_a_finished_capitalla_game_says_who_left_and_counts_no_points(alice, bob, charlie):
    """Found by a QA pass: a resigned seat read "no cards · out" above its 13 cards shown at
    the end, and the hands said "1 point" and "0 points" in a game that has none."""
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(bob, game.pk)
    player_moves.resign(charlie, game.pk)
    text = position(Game.objects.get(pk=game.pk), alice)["text"]
    assert re.search(r"^  Bob +out of the game$", text, re.M) and "no cards" not in text
    assert "Alice (winner):" in text and "point" not in text
