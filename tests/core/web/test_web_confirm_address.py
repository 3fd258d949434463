"""Confirming the mail address: a mailed link whose page shows a button (a GET changes
nothing), whose POST confirms; the first confirmation brings the starting chips."""

import re
import time
from urllib.parse import urlsplit

import pytest
from django.core import mail, signing
from django.urls import reverse

from accounts.confirmation import confirm_address, confirmation_link
from accounts.models import User
from ledger import chips

pytestmark = pytest.mark.django_db


def sign_up(client, email="dora@example.com"):
    client.post(
        reverse("signup"),
        {
            "username": "dora",
            "display_name": "Dora",
            "email": email,
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
    )
    return User.objects.get(username="dora")


def mailed_link(address: str) -> str:
    [message] = [m for m in mail.outbox if address in m.to]
    assert message.subject == "Confirm your Capitalla mail address"
    return re.search(r"https?://\S+?(/accounts/confirm/\S+/)", message.body).group(1)


def test_signing_up_with_an_address_mails_a_link_and_grants_nothing_yet(client, settings):
    settings.SITE_URL = "https://capitalla.example"
    dora = sign_up(client)
    assert "https://capitalla.example/accounts/confirm/" in mail.outbox[0].body
    assert not dora.email_confirmed and not dora.wants_turn_mail
    assert chips.balance_of(dora) == 0
    profile = client.get(reverse("profile")).content.decode()
    assert "not confirmed yet" in profile and "Send the link again" in profile
    assert "Confirm your address to get your 1000 starting chips" in profile


def test_the_link_page_changes_nothing_and_its_button_confirms_and_grants_once(client):
    dora = sign_up(client)
    link = mailed_link("dora@example.com")
    page = client.get(link)
    assert page.status_code == 200 and "Confirm my address" in page.content.decode()
    dora.refresh_from_db()
    assert not dora.email_confirmed  # a mail scanner fetching the link confirms nothing
    done = client.post(link, follow=True).content.decode()
    assert "is confirmed. 1000 starting chips are on your account." in done
    dora.refresh_from_db()
    assert dora.email_confirmed and dora.wants_turn_mail and chips.balance_of(dora) == 1000
    client.post(link)
    assert chips.balance_of(dora) == 1000
    assert "confirmed" in client.get(reverse("profile")).content.decode()


def test_a_link_for_an_address_the_account_no_longer_has_does_nothing(client):
    dora = sign_up(client)
    link = mailed_link("dora@example.com")
    client.post(
        reverse("profile"),
        {
            "display_name": "Dora",
            "email": "dora@new.example",
            "current_password": "dora-secret-9876",
            "email_notifications": "turn",
        },
    )
    response = client.post(link)
    assert response.status_code == 410 and "no longer on the account" in response.content.decode()
    dora.refresh_from_db()
    assert not dora.email_confirmed and chips.balance_of(dora) == 0


def test_an_expired_or_forged_link_is_refused_with_a_clear_message(client, settings, monkeypatch):
    dora = sign_up(client)
    link = mailed_link("dora@example.com")
    forged = client.post(link[:-3] + "xx/")
    assert forged.status_code == 400 and "not a confirmation link" in forged.content.decode()
    made_at = int(time.time()) - settings.CONFIRM_ADDRESS_DAYS * 86400 - 60
    monkeypatch.setattr(signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(made_at))
    expired = client.post(urlsplit(confirmation_link(dora)).path)
    assert expired.status_code == 410 and "expired" in expired.content.decode()
    assert chips.balance_of(dora) == 0


def test_a_new_address_brings_no_second_grant(client, alice):
    client.force_login(alice)
    client.post(
        reverse("profile"),
        {
            "display_name": "Alice",
            "email": "alice@new.example",
            "current_password": "alice-password-123",
            "email_notifications": "turn",
        },
    )
    client.post(mailed_link("alice@new.example"))
    alice.refresh_from_db()
    assert alice.email_confirmed and chips.balance_of(alice) == 1000


def test_confirming_again_grants_nothing(alice):
    assert confirm_address(alice) == 0
    assert chips.balance_of(alice) == 1000


def test_a_mail_server_that_is_down_loses_no_sign_up(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
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
    # The link waits for the mail server (test_web_confirm_address_mail_outage.py).
    assert "A link is on its way to d@example.com" in response.content.decode()
    assert User.objects.filter(username="dora").exists()
