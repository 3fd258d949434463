"""With EMAIL_HOST set, mail goes out through the mail server: /outbox/ says where it went
instead of claiming the site runs without one."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp_mailer(settings):
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": {}}}


def test_the_outbox_with_a_mail_server_says_where_mail_went(client, alice, smtp_mailer):
    client.force_login(alice)
    page = client.get("/outbox/").content.decode()
    assert "runs without a mail server" not in page
    assert "Set <code>EMAIL_HOST</code>" not in page
    assert "Your mail goes to your address, alice@example.com, through the site's mail server" in page
    assert 'href="/accounts/profile/"' in page


def test_the_outbox_with_a_mail_server_and_no_confirmed_address_says_none_goes(client, alice, smtp_mailer):
    alice.confirmed_email = ""
    alice.save()
    client.force_login(alice)
    page = client.get("/outbox/").content.decode()
    assert "No mail goes to you until you confirm your address" in page
