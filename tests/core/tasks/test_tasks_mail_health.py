"""/healthz/ and mail: a mail the mail server keeps refusing is reported as late while it
waits for its next try (the site itself is fine: 200); a mail due again that nobody offers
again means the sweeper is not running (503)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from mailroom.models import Notification
from mailroom.notifications import delivery
from tables import heartbeats

pytestmark = pytest.mark.django_db


def test_a_mail_the_server_keeps_refusing_is_reported_late_not_an_outage(client, refused_turn_mail):
    Notification.objects.filter(pk=refused_turn_mail.pk).update(
        created_at=timezone.now() - heartbeats.LAG_ALLOWED - timedelta(minutes=1)
    )
    response = client.get(reverse("health_check"))
    assert response.status_code == 200
    assert response.json()["late_mails"] == 1 and response.json()["overdue"]["mails"] == 0


def test_a_mail_due_again_that_nobody_offers_again_makes_it_unhealthy(client, refused_turn_mail, enqueued):
    Notification.objects.filter(pk=refused_turn_mail.pk).update(
        next_try_at=timezone.now() - heartbeats.LAG_ALLOWED - timedelta(minutes=1)
    )
    response = client.get(reverse("health_check"))
    assert response.status_code == 503 and response.json()["overdue"]["mails"] == 1
    assert delivery.retry_due_mails() == 1  # the sweeper runs again
    assert client.get(reverse("health_check")).status_code == 200
