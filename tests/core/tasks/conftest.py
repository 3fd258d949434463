"""Fixtures for the mail tests: a mail server that refuses, and a mail it refused."""

from types import SimpleNamespace

import pytest
from django.core.mail import EmailMultiAlternatives

import mailroom.tasks
from mailroom.models import Notification


@pytest.fixture
def mail_server_down(monkeypatch):
    """The mail server refuses connections until the test calls `mail_server_down.back()`."""
    real_send = EmailMultiAlternatives.send

    def refused(self, *args, **kwargs):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(EmailMultiAlternatives, "send", refused)
    return SimpleNamespace(back=lambda: monkeypatch.setattr(EmailMultiAlternatives, "send", real_send))


@pytest.fixture
def refused_turn_mail(table, alice, mail_server_down):
    """Alice's "your turn" mail, refused on its first try."""
    alice.email = "alice@example.com"
    alice.save()
    assert mailroom.tasks.send_notification("your_turn", alice.pk, table.pk, 0) is False
    return Notification.objects.get(user=alice, game=table)
