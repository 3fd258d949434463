"""Quiet hours: a turn mail or reminder that falls in them waits on its mail row until
they end, in the player's own time zone, across a daylight-saving change too; the
sweeper's retry pass offers it then, and it goes if it is still news."""

from datetime import UTC, datetime, time, timedelta

import pytest
from django.core import mail

from accounts.models import quiet_hours_end
from mailroom import mails_due
from mailroom.models import Notification
from mailroom.notifications import delivery, sending
from tables.actions import time_grants
from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db

NIGHT = (time(22), time(7))


def test_the_end_of_quiet_hours_that_wrap_midnight():
    end = quiet_hours_end
    assert end(datetime(2026, 5, 4, 22, 30, tzinfo=UTC), "UTC", *NIGHT) == datetime(2026, 5, 5, 7, tzinfo=UTC)
    assert end(datetime(2026, 5, 5, 6, 59, tzinfo=UTC), "UTC", *NIGHT) == datetime(2026, 5, 5, 7, tzinfo=UTC)
    assert end(datetime(2026, 5, 5, 7, 0, tzinfo=UTC), "UTC", *NIGHT) is None
    assert end(datetime(2026, 5, 5, 21, 59, tzinfo=UTC), "UTC", *NIGHT) is None
    assert end(datetime(2026, 5, 5, 13, 30, tzinfo=UTC), "UTC", time(13), time(14)) == datetime(
        2026, 5, 5, 14, tzinfo=UTC
    )
    assert end(datetime(2026, 5, 5, 14, 0, tzinfo=UTC), "UTC", time(13), time(14)) is None
    assert end(datetime(2026, 5, 5, 3, tzinfo=UTC), "UTC", None, None) is None


@pytest.mark.parametrize(
    "mail_at,quiet_end",
    [
        # 23:30 in Paris on Saturday 28 March 2026 (CET, UTC+1); the clocks go forward that
        # night, so 07:00 on Sunday is 05:00 UTC, not 06:00.
        (datetime(2026, 3, 28, 22, 30, tzinfo=UTC), datetime(2026, 3, 29, 5, 0, tzinfo=UTC)),
        # 23:30 in Paris on Saturday 24 October 2026 (CEST, UTC+2); the clocks go back that
        # night, so 07:00 on Sunday is 06:00 UTC, not 05:00.
        (datetime(2026, 10, 24, 21, 30, tzinfo=UTC), datetime(2026, 10, 25, 6, 0, tzinfo=UTC)),
    ],
)
def test_a_turn_mail_in_quiet_hours_goes_when_they_end_in_the_players_zone_across_dst(
    correspondence, alice, bob, enqueued, mail_at, quiet_end
):
    bob.time_zone, (bob.quiet_from, bob.quiet_until) = "Europe/Paris", NIGHT
    bob.save()
    game = play_turn(alice, fresh(correspondence), 0)
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=mail_at) is False
    assert mail.outbox == []
    row = Notification.objects.get(user=bob, kind="your_turn")
    assert (row.next_try_at, row.attempts, row.sent_at) == (quiet_end, 0, None)
    assert delivery.retry_due_mails(now=quiet_end - timedelta(seconds=1)) == 0
    assert delivery.retry_due_mails(now=quiet_end) == 1
    assert enqueued[-1][:2] == ("send_notification", ("your_turn", bob.pk, game.pk, game.version))
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=quiet_end) is True
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


def test_a_mail_outside_quiet_hours_goes_at_once(correspondence, alice, bob):
    bob.time_zone, (bob.quiet_from, bob.quiet_until) = "Europe/Paris", NIGHT
    bob.save()
    game = play_turn(alice, fresh(correspondence), 0)
    noon = datetime(2026, 3, 28, 11, tzinfo=UTC)
    assert sending.send_notification("reminder", bob.pk, game.pk, game.version, now=noon) is True


def test_a_mail_waiting_for_the_morning_is_dropped_if_they_moved_meanwhile(correspondence, alice, bob):
    bob.quiet_from, bob.quiet_until = NIGHT
    bob.save()
    game = play_turn(alice, fresh(correspondence), 0)
    night = datetime(2026, 5, 4, 23, tzinfo=UTC)
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=night) is False
    play_turn(bob, game, 1)
    morning = datetime(2026, 5, 5, 7, tzinfo=UTC)
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=morning) is False
    assert not Notification.objects.filter(user=bob).exists() and mail.outbox == []


def test_the_sweeper_claims_a_due_mail_in_quiet_hours_and_it_waits(correspondence, alice, bob, enqueued, run_enqueued):
    bob.quiet_from, bob.quiet_until = time(0), time(23, 59)  # nearly always quiet
    bob.save()
    game = play_turn(alice, fresh(correspondence), 0)
    assert mails_due.send_due_mails(now=game.turn_mail_at) == 1
    run_enqueued()
    assert mail.outbox == [] and Notification.objects.get(user=bob).next_try_at is not None


def test_a_mail_waiting_for_the_morning_still_goes_after_extra_time(correspondence, alice, bob):
    """Found by a QA pass: extra time moved the version on, and the held turn mail was
    dropped as old news, so Bob never heard of his turn."""
    bob.quiet_from, bob.quiet_until = NIGHT
    bob.save()
    game = play_turn(alice, fresh(correspondence), 0)
    night = datetime(2026, 5, 4, 23, tzinfo=UTC)
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=night) is False
    time_grants.grant_extra_time(alice, game.pk, game.version)
    morning = datetime(2026, 5, 5, 7, tzinfo=UTC)
    assert sending.send_notification("your_turn", bob.pk, game.pk, game.version, now=morning) is True
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
