"""In a step where the seats act at once, the "your turn" mail and the reminder go, when
due, to every player still to act, never to one who has acted already."""

import pytest
from django.core import mail

from accounts.models import User
from mailroom import mails_due
from tables.actions import player_moves

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}


def mails_enqueued(enqueued, kind) -> list[int]:
    """The users a `kind` mail was enqueued for."""
    return sorted(args[1] for name, args, _ in enqueued if name == "send_notification" and args[0] == kind)


def test_everyone_to_choose_gets_the_turn_mail_when_due(picks, alice, bob, enqueued, run_enqueued, sweep_mails):
    game = picks(alice, bob, turn_seconds=3600)
    assert sweep_mails(game) == 2
    assert mails_enqueued(enqueued, "your_turn") == sorted([alice.pk, bob.pk])
    assert run_enqueued() == [True, True]
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.com", "bob@example.com"]
    assert {m.subject for m in mail.outbox} == {f"Your turn in Picks #{game.pk}"}
    # The deadline is the step's own clock, a quarter of the turn time: it said "turn time".
    assert all("(time to choose: 15 minutes)" in m.body for m in mail.outbox)


def test_alice_who_chose_already_gets_no_turn_mail(picks, alice, bob, charlie, enqueued, sweep_mails):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    player_moves.play_move(alice, game.pk, game.version, ONE)
    assert sweep_mails(game) == 2
    assert mails_enqueued(enqueued, "your_turn") == sorted([bob.pk, charlie.pk])


def test_the_reminder_goes_to_those_still_to_choose(picks, alice, bob, enqueued, run_enqueued, sweep_mails):
    game = picks(alice, bob, turn_seconds=3600)
    player_moves.play_move(bob, game.pk, game.version, ONE)
    assert sweep_mails(game) == 1  # the turn mail, to Alice
    assert sweep_mails(game, "remind_at") == 1
    assert mails_enqueued(enqueued, "reminder") == [alice.pk]
    assert run_enqueued("send_notification") == [True, True]
    assert [m.to for m in mail.outbox] == [["alice@example.com"]] * 2
    assert mail.outbox[1].subject.startswith(f"Reminder: Picks #{game.pk}, play by")


def test_a_mail_enqueued_before_the_player_chose_is_not_sent(picks, alice, bob, enqueued, run_enqueued, sweep_mails):
    game = picks(alice, bob, turn_seconds=3600)
    assert sweep_mails(game) == 2
    player_moves.play_move(alice, game.pk, game.version, ONE)
    assert run_enqueued() == [False, False]  # the version moved on: news from the past
    assert mail.outbox == []


def test_once_the_step_ends_the_turn_mail_goes_to_the_turn_seat_alone(picks, alice, bob, enqueued, sweep_mails):
    game = picks(alice, bob, turn_seconds=3600)
    for user in (bob, alice):
        game = player_moves.play_move(user, game.pk, game.version, ONE)
    assert game.clock_seat == 0
    assert sweep_mails(game) == 1
    assert mails_enqueued(enqueued, "your_turn") == [alice.pk]


def test_the_daily_digest_lists_a_game_while_the_player_is_still_to_choose(
    picks, alice, bob, charlie, enqueued, run_enqueued
):
    for user in (alice, bob):
        user.email_notifications = User.Mail.DIGEST
        user.save()
    game = picks(alice, bob, charlie, turn_seconds=86400)
    player_moves.play_move(bob, game.pk, game.version, ONE)
    due = User.objects.get(pk=alice.pk).digest_due_at
    assert mails_due.send_due_digests(now=due) == 1  # Alice's; Bob has chosen
    assert run_enqueued() == [True]
    assert mail.outbox[0].to == ["alice@example.com"] and f"Picks #{game.pk}" in mail.outbox[0].body
