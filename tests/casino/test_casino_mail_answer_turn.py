"""The answer to a mailed reply says "It is your move" only on the player's turn. A Casino
answer to a question may be sent at any time, and the mail said so to a player whose
turn it was not (found by a QA pass)."""

import pytest
from django.core import mail

from mailroom.inbound.receive import receive
from tables.actions import player_moves
from tests.casino.casino_web import current, set_position
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db


def test_a_question_to_answer_out_of_turn_is_not_my_move(
    friends, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    game = set_position(friends, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
    game = player_moves.play_move(
        bob, game.pk, game.version, {"type": "capture", "card": "9C", "loose": ["5S", "4D", "9H"], "builds": []}
    )
    game = player_moves.play_move(bob, game.pk, game.version, {"type": "ask", "questions": {"0": "5S"}})
    assert game.to_act == [2]  # Charlie's turn; Alice has a question to answer
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(current(game), alice, "say nice capture")).status == "played"
    mail.outbox.clear()
    run_enqueued("send_notification")
    [answer] = [m for m in mail.outbox if m.subject.startswith("Re:")]
    assert "answer A" in answer.body  # her question's answer may still be sent
    assert "It is your move" not in answer.body and "Waiting for Charlie" in answer.body
