"""The turn mail is what a player needs to answer it: its Reply-To names their seat, its
Message-ID the position it shows, and it lists the commands legal now; where the site
receives no mail (MAIL_IN_ADDRESS unset), it offers no reply."""

import pytest
from django.core import mail

from mailroom import mails_due
from mailroom.inbound import address

pytestmark = pytest.mark.django_db


def turn_mail_to_alice(table, run_enqueued):
    mails_due.send_due_mails(now=table.turn_mail_at)
    mail.outbox.clear()
    run_enqueued("send_notification")
    [message] = [m for m in mail.outbox if m.to == ["alice@example.com"]]
    return message


def test_the_turn_mail_offers_the_seat_its_commands(table, alice, enqueued, run_enqueued):
    message = turn_mail_to_alice(table, run_enqueued)
    reply_to = message.extra_headers["Reply-To"]
    seat = address.seat_of_address(reply_to.rpartition("<")[2].rstrip(">"))
    assert seat == address.ReplyTo(game_id=table.pk, seat=0, user_id=alice.pk)
    assert message.extra_headers["Message-ID"].startswith(f"<capitalla.{table.pk}.{table.version}.")
    assert message.extra_headers["Auto-Submitted"] == "auto-generated"
    assert "To play by mail, reply with your move" in message.body
    assert "- draw | take discard:" in message.body and "e.g. draw" in message.body
    html = message.alternatives[0].content
    assert "Play by replying to this mail" in html and "draw | take discard" in html


def test_without_a_reply_address_the_mail_only_links_to_the_game(table, settings, enqueued, run_enqueued):
    settings.MAIL_IN_ADDRESS = ""
    message = turn_mail_to_alice(table, run_enqueued)
    assert "Reply-To" not in message.extra_headers
    assert "reply with your move" not in message.body and "Continue to your game" in message.body
    assert "Your hand" in message.body  # the position is there all the same
