"""The words a player reads in the reminder and the result mail."""

import pytest
from django.core import mail

from mailroom import mails_due
from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def remind(alice, bob, run_enqueued, **table):
    game = lifecycle.create_table(alice, "capitalla", seats=2, **table)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    mails_due.send_due_mails(now=Game.objects.get(pk=game.pk).remind_at)
    run_enqueued()
    return next(m for m in mail.outbox if m.subject.startswith("Reminder"))


def test_the_reminder_subject_is_one_unfolded_line(alice, bob, enqueued, run_enqueued):
    reminder = remind(alice, bob, run_enqueued)
    header = next(line for line in reminder.message().as_string().splitlines() if line.startswith("Subject:"))
    assert header == f"Subject: {reminder.subject}"  # short enough not to be folded onto a second line
    assert not reminder.subject.startswith(" ")
    assert reminder.subject.startswith(f"Reminder: Capitalla #{Game.objects.get().pk}, play by ")


def test_the_reminder_says_a_bot_plays_the_turn_at_a_table_with_the_bot_rule(alice, bob, enqueued, run_enqueued):
    reminder = remind(alice, bob, run_enqueued, timeout_policy=Game.TimeoutPolicy.BOT)
    assert "timeout rule applies" not in reminder.body
    assert "If you do not, a bot plays this turn for you" in reminder.body


def test_the_reminder_says_the_player_is_out_at_a_table_with_the_out_rule(alice, bob, enqueued, run_enqueued):
    reminder = remind(alice, bob, run_enqueued, timeout_policy=Game.TimeoutPolicy.FORFEIT)
    assert "If you do not, you are out of the game" in reminder.body


def test_the_resignation_result_sentence_reads_plainly(alice, bob, enqueued, run_enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    sweep_mails(game, "result_mail_at")
    run_enqueued()
    body = next(m.body for m in mail.outbox if m.to == ["bob@example.com"])
    assert "Bob won: everyone else is out of the game." in body
    assert "is the last player still in the game" not in body


def test_only_a_mail_with_sign_in_links_warns_about_them(alice, bob, charlie, enqueued, run_enqueued, sweep_mails):
    reminder = remind(alice, bob, run_enqueued)
    html = reminder.alternatives[0][0]
    for text in (reminder.body, html):
        assert "The game links in this mail sign you in for their game only" in text

    mail.outbox.clear()
    game = lifecycle.create_table(charlie, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    sweep_mails(game, "full_mail_at")
    run_enqueued("send_notification")
    full = mail.outbox[-1]
    assert full.subject.startswith("Your table") and "/continue/" not in full.body
    for text in (full.body, full.alternatives[0][0]):
        assert "sign you in" not in text and "signs you in" not in text
        assert "Unsubscribe from all game mail" in text


def test_the_result_of_a_staked_game_says_what_it_did_to_the_chips(alice, bob, enqueued, run_enqueued, sweep_mails):
    """Found by a QA pass: the result mail of a game played for chips said nothing of them."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    sweep_mails(game, "result_mail_at")
    run_enqueued()
    said = {m.to[0]: " ".join(m.body.split()) for m in mail.outbox}
    assert "Chips: +100 (your ante 100, paid to you 200)." in said["bob@example.com"]
    assert "Chips: -100 (your ante 100, paid to you 0)." in said["alice@example.com"]


def test_a_rated_rematch_says_it_is_rated(alice, bob, enqueued, run_enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy="forfeit")
    lifecycle.join_table(bob, game.pk)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    rematch = lifecycle.rematch(bob, game.pk)
    sweep_mails(rematch, "invite_mail_at")
    run_enqueued()
    invitation = next(m for m in mail.outbox if "rematch" in m.subject)
    assert ", rated)" in " ".join(invitation.body.split())


def test_an_ante_paid_again_after_leaving_counts_once_in_the_result(alice, bob, enqueued, run_enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.leave_table(bob, game.pk)  # the ante back
    lifecycle.join_table(bob, game.pk)  # and paid again
    game = player_moves.resign(bob, lifecycle.start_table(alice, game.pk).pk)
    sweep_mails(game, "result_mail_at")
    run_enqueued()
    said = {m.to[0]: " ".join(m.body.split()) for m in mail.outbox}
    assert "Chips: -100 (your ante 100, paid to you 0)." in said["bob@example.com"]
