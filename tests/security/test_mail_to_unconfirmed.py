"""Anyone could have the site mail any address, again and again: sign up with it, or ask
for password resets. Mail now goes only to an address its owner confirmed, and resets
and confirmation links are limited per address."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from mailroom.models import Notification
from mailroom.notifications import sending
from tables.actions import lifecycle

pytestmark = pytest.mark.django_db

VICTIM = "victim@example.com"


def mails_to(address: str) -> list:
    return [m for m in mail.outbox if address in m.to]


def without_csrf_token(response) -> str:
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", response.content.decode())


@pytest.fixture
def dora():
    """An account signed up with someone else's address, never confirmed."""
    client = Client(REMOTE_ADDR="203.0.113.50")
    client.post(
        reverse("signup"),
        {
            "username": "dora",
            "display_name": "Dora",
            "email": VICTIM,
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
    )
    dora = User.objects.get(username="dora")
    dora.client = client
    return dora


def test_an_unconfirmed_address_gets_no_game_mail(dora, alice, sweep_mails, enqueued):
    game = lifecycle.create_table(dora, "capitalla", seats=2)
    lifecycle.join_table(alice, game.pk)
    game = lifecycle.start_table(dora, game.pk)
    assert game.clock_seat == 0  # dora's turn
    assert sweep_mails(game) == 0
    assert not sending.send_notification(Notification.Kind.YOUR_TURN, dora.pk, game.pk, game.version)
    dora.email_notifications = User.Mail.DIGEST
    dora.save()
    assert not sending.send_notification(Notification.Kind.DIGEST, dora.pk, None, 1)
    assert all("Confirm" in m.subject for m in mails_to(VICTIM))


def test_a_password_reset_for_an_unconfirmed_address_mails_nothing(client, dora, deliver_mails):
    sent_before = len(mails_to(VICTIM))
    response = deliver_mails(client.post, reverse("password_reset"), {"email": VICTIM}, follow=True)
    assert "Check your mail" in response.content.decode()
    assert len(mails_to(VICTIM)) == sent_before


def test_password_resets_for_one_address_are_limited_and_the_page_says_the_same(client, alice, settings, deliver_mails):
    settings.PASSWORD_RESET_LIMIT = 3
    alice.email = "alice@example.com"  # her confirmed address
    alice.save()
    answers = {
        without_csrf_token(deliver_mails(client.post, reverse("password_reset"), {"email": address}, follow=True))
        for address in ["alice@example.com"] * 8 + ["ALICE@example.com"] * 2
    }
    assert len(answers) == 1  # the page reveals nothing
    assert len(mails_to("alice@example.com")) == 3


def test_sending_the_confirmation_link_again_is_limited(dora, settings):
    settings.CONFIRMATION_MAIL_LIMIT = 3
    for _ in range(10):
        dora.client.post(reverse("send_confirmation"))
    assert 1 <= len(mails_to(VICTIM)) <= 3
