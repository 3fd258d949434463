"""One-click unsubscribe: a signed link, no login; the GET asks, the POST turns mail off."""

import pytest
from django.conf import settings

from mailroom.notifications.links import unsubscribe_url

pytestmark = pytest.mark.django_db


def test_the_unsubscribe_link_works_without_login(client, alice):
    path = unsubscribe_url(alice)[len(settings.SITE_URL) :]
    page = client.get(path)
    assert page.status_code == 200 and "Stop game mail?" in page.content.decode()
    alice.refresh_from_db()
    assert alice.email_notifications == "turn"  # a GET (a mail scanner) changes nothing
    response = client.post(path)
    assert response.status_code == 200 and "You are unsubscribed" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email_notifications == "off"
    assert not response.wsgi_request.user.is_authenticated


def test_a_mail_clients_one_click_post_needs_no_csrf_token(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    path = unsubscribe_url(alice)[len(settings.SITE_URL) :]
    response = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.email_notifications == "off"


def test_a_forged_token_is_refused(client, alice, bob):
    path = unsubscribe_url(alice)[len(settings.SITE_URL) :]
    forged = path.replace("/unsubscribe/", "/unsubscribe/x")
    assert client.post(forged).status_code == 400
    alice.refresh_from_db()
    assert alice.email_notifications == "turn"
