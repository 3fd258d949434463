"""The daily digest goes at the player's local hour, in their zone, across a daylight-saving
change too; saving their hours moves the next one."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from accounts.models import User, next_digest_at
from mailroom import mails_due

pytestmark = pytest.mark.django_db


def test_the_digest_hour_is_local_across_the_changes_of_the_clocks():
    paris = "Europe/Paris"
    # 07:00 in Paris: 06:00 UTC in winter, 05:00 UTC in summer.
    assert next_digest_at(datetime(2026, 3, 28, 6, 0, tzinfo=UTC), paris, 7) == datetime(2026, 3, 29, 5, tzinfo=UTC)
    assert next_digest_at(datetime(2026, 10, 24, 5, 0, tzinfo=UTC), paris, 7) == datetime(2026, 10, 25, 6, tzinfo=UTC)
    assert next_digest_at(datetime(2026, 10, 25, 5, 59, tzinfo=UTC), paris, 7) == datetime(2026, 10, 25, 6, tzinfo=UTC)
    # Two o'clock does not exist in Paris on 29 March: the digest comes at 03:00 CEST.
    assert next_digest_at(datetime(2026, 3, 28, 12, tzinfo=UTC), paris, 2) == datetime(2026, 3, 29, 1, tzinfo=UTC)
    assert next_digest_at(datetime(2026, 5, 4, 12, tzinfo=UTC), "America/New_York", 7) == datetime(
        2026, 5, 5, 11, tzinfo=UTC
    )


def test_the_sweeper_moves_the_digest_to_the_local_hour_of_the_next_day(alice, enqueued):
    alice.time_zone, alice.digest_hour, alice.email_notifications = "Europe/Paris", 8, User.Mail.DIGEST
    alice.save()
    User.objects.filter(pk=alice.pk).update(digest_due_at=datetime(2026, 3, 28, 7, tzinfo=UTC))
    mails_due.send_due_digests(now=datetime(2026, 3, 28, 7, tzinfo=UTC))
    assert User.objects.get(pk=alice.pk).digest_due_at == datetime(2026, 3, 29, 6, tzinfo=UTC)


def test_saving_the_hours_moves_the_next_digest(client, alice):
    alice.email_notifications = User.Mail.DIGEST
    alice.save()
    client.force_login(alice)
    response = client.post(
        reverse("profile_clock"),
        {"time_zone": "Asia/Tokyo", "quiet_from": "", "quiet_until": "", "digest_hour": "9"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.time_zone, alice.digest_hour) == ("Asia/Tokyo", 9)
    assert alice.digest_due_at.astimezone(UTC).hour == 0  # 09:00 in Tokyo
