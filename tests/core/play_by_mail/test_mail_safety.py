"""What a reply may not do: come from another address, act twice, act on a position that
moved on where it is no longer legal or no longer the player's turn, or start a loop with
an auto-reply; and what a reply to a finished game gets."""

from datetime import timedelta

import pytest
from django.core import mail

from mailroom.inbound import address
from mailroom.inbound.receive import receive
from mailroom.models import InboundMail
from tables.actions import lifecycle, player_moves, turn_timeouts
from tables.models import Event, Game
from tests.mail_replies import reply, seat_address

pytestmark = pytest.mark.django_db


def sent_answers(run_enqueued):
    mail.outbox.clear()
    run_enqueued("send_notification")
    return [m for m in mail.outbox if m.subject.startswith("Re:")]


def test_a_reply_from_another_address_is_refused(table, alice, enqueued):
    received = receive(reply(table, alice, "draw", sender="Mallory <mallory@example.net>"))
    assert received.status == "rejected" and received.smtp_reply.startswith("550")
    assert Game.objects.get(pk=table.pk).version == table.version
    assert not InboundMail.objects.exists() and not enqueued  # nothing kept, nobody answered


def test_the_senders_address_is_compared_whatever_its_case(table, alice, enqueued):
    assert receive(reply(table, alice, "draw", sender="ALICE@Example.COM")).status == "played"


def test_an_unconfirmed_address_may_not_send_moves(table, alice, enqueued):
    alice.email = "alice@new.example.com"  # changed, not yet confirmed
    alice.save()
    assert receive(reply(table, alice, "draw", sender="alice@new.example.com")).status == "rejected"
    assert receive(reply(table, alice, "draw", sender="alice@example.com")).status == "rejected"


def test_a_forged_token_or_another_seats_token_is_refused(table, alice, bob, enqueued):
    bobs = address.token(address.ReplyTo(game_id=table.pk, seat=1, user_id=bob.pk))
    forged = bobs.replace(f".1.{bob.pk}.", f".0.{alice.pk}.")  # Alice's seat under Bob's signature
    local, domain = address.mailbox()
    assert receive(reply(table, alice, "draw", to=f"{local}+{forged}@{domain}")).status == "rejected"
    # Bob's genuine address, from Alice's mailbox: not her seat, not his mail.
    assert receive(reply(table, alice, "draw", to=f"{local}+{bobs}@{domain}")).status == "rejected"
    assert receive(reply(table, alice, "draw", to="someone@example.com")).status == "rejected"
    assert Game.objects.get(pk=table.pk).version == table.version


def test_a_seat_given_up_stops_its_address(alice, bob, charlie, enqueued):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    raw = reply(game, bob, "draw")
    lifecycle.leave_table(bob, game.pk)
    assert receive(raw).status == "rejected"


def test_a_mail_delivered_twice_plays_once(table, alice, enqueued):
    raw = reply(table, alice, "draw", message_id="<same@example.com>")
    assert receive(raw).status == "played"
    again = receive(raw)
    assert again.status == "duplicate" and again.smtp_reply.startswith("250")
    assert Event.objects.filter(game=table, seat=0).count() == 1
    assert InboundMail.objects.count() == 1


def test_a_reply_to_an_older_turns_mail_plays_if_still_legal_and_says_so(
    table, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    old_mail = address.message_id(table.pk, table.version)  # Alice's turn mail of the first position
    game = player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    discard = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] == "discard")
    game = player_moves.play_move(alice, game.pk, game.version, discard)
    game = player_moves.play_move(bob, game.pk, game.version, {"type": "draw", "from": "pile"})
    discard = next(m for m in game.rules.legal_moves(game.state, 1) if m["type"] == "discard")
    game = player_moves.play_move(bob, game.pk, game.version, discard)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(game, alice, "draw", answering=old_mail)).status == "played"
    [answer] = sent_answers(run_enqueued)
    assert "answered the mail of an earlier position" in answer.body
    body = " ".join(answer.body.split())
    assert "Since that mail: - Alice drew from the draw pile." in body  # what moved the table on
    assert "- Bob discarded" in body


def test_a_late_reply_hears_that_a_bot_played_the_turn(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks, no_declarations
):
    """Found by a QA pass: a reply that came after the clock had a bot play the turn was
    told only "It is not your turn: waiting for Bob", over a hand that had changed."""
    old_mail = address.message_id(table.pk, table.version)
    turn_timeouts.expire_overdue_turns(now=table.deadline + timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        receive(reply(table, alice, "draw", answering=old_mail))
    [answer] = sent_answers(run_enqueued)
    assert "- Alice ran out of time; a bot played the turn for them." in answer.body


def test_a_reply_to_an_older_turns_mail_is_refused_once_the_turn_passed(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    old_mail = address.message_id(table.pk, table.version)
    game = player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    discard = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] == "discard")
    game = player_moves.play_move(alice, game.pk, game.version, discard)  # now Bob's turn
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(game, alice, "draw", answering=old_mail)).status == "refused"
    assert Game.objects.get(pk=game.pk).version == game.version
    [answer] = sent_answers(run_enqueued)
    assert "It is not your turn: waiting for Bob." in answer.body


def test_a_reply_to_a_finished_game_gets_the_result(
    table, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    player_moves.resign(bob, table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "draw")).status == "over"
    [answer] = sent_answers(run_enqueued)
    # The position's first line tells the result, once.
    assert answer.body.count("Alice won") == 1 and f"Capitalla #{table.pk}: Alice won" in answer.body
    html, _ = answer.alternatives[0]
    assert html.count("Alice won") == 1
    assert "e.g." not in answer.body  # no commands for a game that is over


def test_table_talk_mailed_after_the_end_is_said_and_the_rest_left(
    table, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    """Found by a QA pass: "say" after the end was dropped without a word, though the page
    takes table talk after the game."""
    player_moves.resign(bob, table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "say good game!\nThanks again")).status == "over"
    assert list(table.chat.values_list("text", flat=True)) == ["good game!"]
    [answer] = sent_answers(run_enqueued)
    assert "Said at the table:\n- good game!" in answer.body and "refused" not in answer.body
    assert "<li>good game!</li>" in answer.alternatives[0][0]


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Auto-Submitted": "auto-generated"},
        {"X-Autoreply": "yes"},
        {"Precedence": "bulk"},
        {"Subject": "Out of Office: back on Monday"},
    ],
    ids=["auto-replied", "auto-generated", "x-autoreply", "precedence-bulk", "out-of-office-subject"],
)
def test_auto_replies_are_ignored_and_never_answered(table, alice, enqueued, headers):
    subject = headers.pop("Subject", None)
    raw = reply(table, alice, "draw", headers=headers)
    if subject:
        raw = raw.replace(f"Re: Your turn in Capitalla #{table.pk}".encode(), subject.encode())
    received = receive(raw)
    assert received.status == "ignored" and received.smtp_reply.startswith("250")
    assert Game.objects.get(pk=table.pk).version == table.version and not enqueued


def test_a_bounce_is_ignored(table, alice, enqueued):
    raw = reply(table, alice, "draw", sender="MAILER-DAEMON@example.com")
    assert receive(raw).status == "ignored" and not enqueued


def test_our_own_mails_say_they_are_automatic_so_no_responder_answers_them(
    table, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        receive(reply(table, alice, "draw"))
    [answer] = sent_answers(run_enqueued)
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    # ... and were one of ours to come back (a forwarding loop), it would be ignored.
    assert receive(answer.message().as_bytes()).status == "ignored"


def test_the_reply_address_is_read_whatever_its_case(table, alice, enqueued):
    assert receive(reply(table, alice, "draw", to=seat_address(table, alice).upper())).status == "played"


def test_a_mail_too_big_is_refused_unread(table, alice, enqueued):
    raw = reply(table, alice, "draw " + "x" * (3 * 1024 * 1024))
    received = receive(raw)
    assert received.status == "too_big" and received.smtp_reply.startswith("552")


def test_the_game_s_commands_mailed_after_the_end_are_named_as_not_played(
    table, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    """Found by a QA pass: "draw, discard …" sent to a finished game were dropped without a
    word, and the answer told only of the table talk."""
    player_moves.resign(bob, table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        receive(reply(table, alice, "draw\ndiscard Peru\nsay good game!\nCheers, Alice"))
    [answer] = sent_answers(run_enqueued)
    assert "Not played, as the game is over: draw, discard Peru." in answer.body
    assert "Said at the table:\n- good game!" in answer.body and "Cheers" not in answer.body
    assert "Not played, as the game is over: draw, discard Peru." in answer.alternatives[0][0]


def test_a_reply_to_an_abandoned_table_says_nothing_was_played_or_said(
    alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=2)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)  # only bots left
    assert game.status == Game.Status.ABANDONED
    with django_capture_on_commit_callbacks(execute=True):
        receive(reply(game, alice, "draw\nsay anyone there?"))
    [answer] = sent_answers(run_enqueued)
    assert "Not played, as the game is over: draw, say anyone there?." in answer.body
    assert not game.chat.exists()
