"""Casino's position in a turn mail (mailroom/mail_position.py, tests/mail_positions.py):
each seat's text and HTML name every card of its hand, and no hidden card; the builds on
the table by their letters, owners and cards; my question with its choices lettered."""

import pytest

from engine.cards import face
from tables.plugins import PLUGINS
from tests.mail_positions import check_groups_lettered, check_positions_through_a_game, text_at

pytestmark = pytest.mark.django_db


def test_each_seat_reads_its_hand_and_no_hidden_card_through_a_game(people):
    check_positions_through_a_game(PLUGINS["casino"], people, face)


def test_builds_on_the_table_show_their_letter_owner_and_cards(people):
    check_groups_lettered(
        PLUGINS["casino"],
        people,
        lambda view: [(build["owner"], build["cards"]) for build in view["table"]["builds"]],
        face,
    )


def test_casino_puts_my_question_with_its_choices_lettered(people):
    def asked_me(view):
        return any(q["to"] == view["to_act"][0] and q.get("choice") is None for q in view.get("asked") or [])

    game, view, text = text_at(PLUGINS["casino"], people, 5, asked_me)
    question = next(q for q in view["asked"] if q["to"] == view["to_act"][0] and q.get("choice") is None)
    assert f"what is the capital of {question['country']}?" in text
    for k, choice in enumerate(question["choices"]):
        assert f"  {'ABCD'[k]}  {choice}" in text
