"""Passwords: change it from the profile; forgot it, get a link by mail (pointing at
SITE_URL, whatever host the request named) that sets a new one once."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from mailroom.models import OutboxMessage

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-secret-42"


@pytest.fixture
def alice_with_mail(alice):
    alice.email = "alice@example.com"
    alice.save()
    return alice


def reset_link(settings) -> str:
    [message] = mail.outbox
    assert message.subject == "Choose a new Capitalla password" and message.to == ["alice@example.com"]
    return re.search(re.escape(settings.SITE_URL) + r"(/accounts/password/reset/\S+/)", message.body).group(1)


def test_signing_up_may_give_a_mail_address(client):
    client.post(
        reverse("signup"),
        {
            "username": "dora",
            "display_name": "Dora",
            "email": "dora@example.com",
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
    )
    assert User.objects.get(username="dora").email == "dora@example.com"


def test_a_forgotten_password_is_reset_through_a_mailed_link_once(client, alice_with_mail, settings, deliver_mails):
    settings.SITE_URL = "https://capitalla.example"
    settings.ALLOWED_HOSTS = ["*"]  # a server that accepts any Host: the link still names SITE_URL
    response = deliver_mails(
        client.post, reverse("password_reset"), {"email": "alice@example.com"}, HTTP_HOST="evil.example", follow=True
    )
    assert "Check your mail" in response.content.decode()
    link = reset_link(settings)
    assert "evil.example" not in mail.outbox[0].body

    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert "Password saved" in done.content.decode()
    assert client.login(username="alice", password=NEW_PASSWORD)
    client.logout()
    assert "This link no longer works" in client.get(link, follow=True).content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, alice_with_mail, deliver_mails):
    response = deliver_mails(client.post, reverse("password_reset"), {"email": "nobody@example.com"}, follow=True)
    assert "Check your mail" in response.content.decode()
    assert mail.outbox == []


def test_without_a_mail_server_the_page_says_where_mail_is_kept(client, alice_with_mail, settings, deliver_mails):
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}
    response = deliver_mails(client.post, reverse("password_reset"), {"email": "alice@example.com"}, follow=True)
    assert "under Outbox messages" in response.content.decode()
    assert OutboxMessage.objects.get().user == alice_with_mail


def test_changing_the_password_needs_the_old_one(client, alice):
    client.force_login(alice)
    assert reverse("password_change") in client.get(reverse("profile")).content.decode()
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "nope", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200 and "Your old password was entered incorrectly" in wrong.content.decode()
    response = client.post(
        reverse("password_change"),
        {"old_password": "alice-password-123", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "Your password is changed." in response.content.decode()
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_the_reset_mail_is_identified_under_the_senders_domain_not_the_machines(
    client, alice_with_mail, settings, deliver_mails
):
    settings.DEFAULT_FROM_EMAIL = "Capitalla <play@capitalla.example>"
    deliver_mails(client.post, reverse("password_reset"), {"email": "alice@example.com"})
    [message] = mail.outbox
    assert message.message()["Message-ID"].endswith("@capitalla.example>")
