"""A confirmation link the mail server refused was lost: the player was told to ask again
later. Now it is a Notification row like every mail, tried again by the sweeper until the
server takes it; a link no longer needed (the address changed or got confirmed) is dropped."""

import re

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse

from accounts.models import User
from mailroom.models import Notification
from mailroom.notifications import delivery

pytestmark = pytest.mark.django_db


@pytest.fixture
def refused_sign_up(client, monkeypatch):
    """Dora signs up while the mail server refuses; returns `back()` to bring it back."""
    real_send = EmailMultiAlternatives.send

    def refused(self, *args, **kwargs):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(EmailMultiAlternatives, "send", refused)
    response = client.post(
        reverse("signup"),
        {
            "username": "dora",
            "display_name": "Dora",
            "email": "d@example.com",
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
        follow=True,
    )
    # Not "we mailed": the server refused it, and the sweeper tries again.
    assert "A link is on its way to d@example.com" in response.content.decode() and mail.outbox == []
    return lambda: monkeypatch.setattr(EmailMultiAlternatives, "send", real_send)


def test_a_confirmation_link_refused_by_the_mail_server_is_sent_on_a_later_try(
    client, refused_sign_up, enqueued, run_enqueued
):
    dora = User.objects.get(username="dora")
    row = Notification.objects.get(user=dora, kind="confirm_address")
    assert row.sent_at is None and row.failed_at is None and row.next_try_at is not None
    refused_sign_up()
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert run_enqueued() == [True]
    [message] = mail.outbox
    assert message.to == ["d@example.com"] and message.subject == "Confirm your Capitalla mail address"
    assert "List-Unsubscribe" not in message.extra_headers and "works for 3 days" in message.body
    link = re.search(r"https?://\S+?(/accounts/confirm/\S+/)", message.body).group(1)
    client.post(link)
    assert User.objects.get(pk=dora.pk).email_confirmed


def test_a_refused_confirmation_link_for_an_address_since_changed_is_dropped(refused_sign_up, enqueued, run_enqueued):
    dora = User.objects.get(username="dora")
    row = Notification.objects.get(user=dora, kind="confirm_address")
    User.objects.filter(pk=dora.pk).update(email="")  # she took the address off her account
    refused_sign_up()
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert run_enqueued() == [False]
    assert mail.outbox == [] and not Notification.objects.filter(user=dora).exists()
