"""A password-reset mail the mail server refused was logged and forgotten while the page
said it was on its way. Now it is a Notification row like every mail, sent by the mail
worker: the sweeper tries it again until the server takes it, and the link in it works."""

import re

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse

from mailroom.models import Notification
from mailroom.notifications import delivery

pytestmark = pytest.mark.django_db


def test_a_reset_mail_refused_by_the_mail_server_is_sent_on_a_later_try(
    client, alice, monkeypatch, run_enqueued, deliver_mails, settings
):
    alice.email = alice.confirmed_email = "alice@example.com"
    alice.save()
    real_send = EmailMultiAlternatives.send

    def refused(self, *args, **kwargs):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(EmailMultiAlternatives, "send", refused)
    response = deliver_mails(client.post, reverse("password_reset"), {"email": "alice@example.com"}, follow=True)
    assert "Check your mail" in response.content.decode() and mail.outbox == []
    row = Notification.objects.get(user=alice, kind="password_reset")
    assert row.attempts == 1 and row.sent_at is None and row.failed_at is None and row.next_try_at is not None

    monkeypatch.setattr(EmailMultiAlternatives, "send", real_send)
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert run_enqueued() == [True]
    [message] = mail.outbox
    assert message.to == ["alice@example.com"] and message.subject == "Choose a new Capitalla password"
    assert "List-Unsubscribe" not in message.extra_headers  # an account's mail, not game mail
    link = re.search(re.escape(settings.SITE_URL) + r"(/accounts/password/reset/\S+/)", message.body).group(1)
    assert "Choose a new password" in client.get(link, follow=True).content.decode()


def test_the_reset_page_never_waits_for_the_mail_server(client, alice, monkeypatch, settings):
    # Sent in the request, the mail server's round trip told whether an account had the
    # address (the page answers the same either way, but not as fast).
    alice.email = alice.confirmed_email = "alice@example.com"
    alice.save()
    monkeypatch.setattr(EmailMultiAlternatives, "send", lambda *args, **kwargs: pytest.fail("sent in the request"))
    response = client.post(reverse("password_reset"), {"email": "alice@example.com"}, follow=True)
    assert "Check your mail" in response.content.decode()
    row = Notification.objects.get(user=alice, kind="password_reset")
    assert row.attempts == 0 and row.next_try_at is not None  # due: for the worker, or the sweeper
