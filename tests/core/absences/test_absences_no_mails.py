"""No turn mail, reminder or digest goes to a player while they are away."""

from datetime import timedelta

import pytest
from django.core import mail

from accounts.models import User
from mailroom import mails_due
from mailroom.notifications import sending
from tables.actions import absences, lifecycle
from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db


def test_a_turn_reaching_an_absent_player_falls_due_with_no_mail(correspondence, alice, bob, go_away, enqueued):
    go_away(bob, correspondence.deadline - timedelta(hours=5))
    game = play_turn(alice, fresh(correspondence), 0)
    assert game.clock_seat == 1 and (game.turn_mail_at, game.remind_at) == (None, None)
    assert mails_due.send_due_mails(now=game.started_at + timedelta(days=10)) == 0


def test_a_turn_mail_already_on_its_way_is_dropped_once_they_are_away(correspondence, alice, go_away):
    version = correspondence.version
    go_away(alice, correspondence.deadline - timedelta(hours=5))
    # The mail of the position before the absence, and one of the position now.
    for seen in (version, fresh(correspondence).version):
        assert sending.send_notification("your_turn", alice.pk, correspondence.pk, seen) is False
    assert mail.outbox == []


def test_no_mail_even_at_a_table_whose_clock_runs_on(alice, bob, go_away):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400, absences_stop_clock=False)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    go_away(alice, game.deadline - timedelta(hours=5))
    for kind in ("your_turn", "reminder"):
        assert sending.send_notification(kind, alice.pk, game.pk, game.version) is False
    assert mail.outbox == []


def test_no_digest_while_away_and_the_next_one_after(correspondence, alice, go_away, enqueued):
    alice.email_notifications = User.Mail.DIGEST
    alice.save()
    due = User.objects.get(pk=alice.pk).digest_due_at
    absence = go_away(alice, due - timedelta(hours=1), days=2)
    assert mails_due.send_due_digests(now=due) == 0
    assert sending.send_notification("digest", alice.pk, None, due.date().toordinal()) is False
    absences.end_absence(alice, absence.pk, now=due + timedelta(hours=1))
    assert mails_due.send_due_digests(now=due + timedelta(days=1)) == 1
