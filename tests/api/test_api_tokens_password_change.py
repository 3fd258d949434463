"""A new password revokes the account's API tokens, whatever the path that sets it, as it
ends the other sessions and the magic links: whoever took the account and made a token
loses it when the owner takes the account back. A stored hash's upgrade is no change."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from api.models import ApiToken

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-fresh-start-2026"


@pytest.fixture
def takers_token(alice, token_of, api_client):
    """A token made by whoever holds Alice's account; it works."""
    secret = token_of(alice)
    assert api_client(secret).get("/me").status_code == 200
    return secret


def refused(api_client, secret) -> bool:
    return api_client(secret).get("/me").status_code == 401 and not ApiToken.objects.exists()


def test_changing_the_password_on_the_site_revokes_the_tokens(client, alice, takers_token, api_client):
    client.force_login(alice)
    page = client.get(reverse("password_change")).content.decode()
    assert "A new password revokes any API tokens made before it." in page
    response = client.post(
        reverse("password_change"),
        {"old_password": "alice-password-123", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert refused(api_client, takers_token)


def test_a_password_reset_revokes_the_tokens(client, alice, takers_token, api_client):
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    form = client.get(reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(alice)]))
    assert form.status_code == 302  # Django moves the token out of the URL, into the session
    response = client.post(form["Location"], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert refused(api_client, takers_token)


def test_the_staff_setting_a_password_revokes_the_tokens(alice, takers_token, api_client):
    alice.set_password(NEW_PASSWORD)
    alice.save()
    assert refused(api_client, takers_token)


def test_changepassword_on_the_command_line_revokes_the_tokens(alice, takers_token, api_client, monkeypatch):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": NEW_PASSWORD)
    call_command("changepassword", "alice", stdout=io.StringIO())
    assert refused(api_client, takers_token)


def test_a_hash_upgrade_on_login_keeps_the_tokens(alice, takers_token, api_client, settings):
    # An old hasher's hash, upgraded to the first of PASSWORD_HASHERS at the next login.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher", *settings.PASSWORD_HASHERS]
    user = get_user_model().objects.get(pk=alice.pk)
    assert user.password.startswith("md5$")
    assert user.check_password("alice-password-123")
    assert get_user_model().objects.get(pk=alice.pk).password.startswith("pbkdf2_sha256$")
    assert api_client(takers_token).get("/me").status_code == 200


def test_signing_up_still_works_with_the_hook(client):
    response = client.post(
        reverse("signup"),
        {"username": "dora", "display_name": "Dora", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="dora").check_password(NEW_PASSWORD)
