"""Personal API tokens: made on the profile (password asked, secret shown once, stored as
a sha256 with a short prefix), with scopes, capped per account, revoked at once; the API
answers only a bearer token, never a session cookie, a magic link or a mail token."""

import hashlib

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from accounts.passwords import PASSWORD_TRIES
from api import tokens
from api.models import ApiToken
from mailroom.notifications.links import magic_link

pytestmark = pytest.mark.django_db


def create_on_profile(client, password="alice-password-123", scopes=("read", "play"), name="my bot"):
    fields = {"name": name, "scopes": list(scopes), "current_password": password}
    return client.post(reverse("api_token_create"), {f"token-{key}": value for key, value in fields.items()})


def secret_in(response) -> str:
    html = response.content.decode()
    start = html.index(tokens.SECRET_PREFIX)
    return html[start : html.index("<", start)]


def test_a_token_is_shown_once_and_stored_hashed(client, alice, api_client):
    client.force_login(alice)
    response = create_on_profile(client)
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    secret = secret_in(response)
    token = ApiToken.objects.get(user=alice)
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest() and secret.startswith(token.prefix)
    assert secret not in str(list(ApiToken.objects.values()))
    profile = client.get(reverse("profile")).content.decode()
    assert token.prefix in profile and secret not in profile and "never used" in profile
    assert api_client(secret).get("/me").json() == {"id": alice.pk, "name": "Alice", "scopes": ["play", "read"]}
    assert "last used" in client.get(reverse("profile")).content.decode()


def test_creating_a_token_asks_for_the_password(client, alice):
    client.force_login(alice)
    assert create_on_profile(client, password="guess").status_code == 302
    assert not ApiToken.objects.exists()


def test_wrong_passwords_are_limited_and_right_ones_are_not_counted(client, alice):
    client.force_login(alice)
    for _ in range(PASSWORD_TRIES + 2):  # making and revoking tokens, the right password each time
        create_on_profile(client)
        client.post(reverse("api_token_revoke", args=[ApiToken.objects.get().pk]))
    assert not ApiToken.objects.exists()
    for _ in range(PASSWORD_TRIES):
        create_on_profile(client, password="guess")
    refused = create_on_profile(client)  # the right password, after too many wrong ones
    assert not ApiToken.objects.exists()
    assert "Too many wrong passwords" in client.get(refused["Location"]).content.decode()


def test_a_token_needs_a_scope(client, alice):
    client.force_login(alice)
    create_on_profile(client, scopes=())
    create_on_profile(client, scopes=("admin",))
    assert not ApiToken.objects.exists()


def test_an_account_holds_at_most_the_cap(client, alice, settings, token_of):
    settings.API_TOKEN_LIMIT = 2
    token_of(alice), token_of(alice)
    client.force_login(alice)
    create_on_profile(client)
    assert ApiToken.objects.filter(user=alice).count() == 2
    with pytest.raises(tokens.TokenRefused):
        tokens.create(alice, "third", ["read"])


def test_a_revoked_token_fails_at_once(client, alice, api_client, token_of):
    secret = token_of(alice)
    assert api_client(secret).get("/me").status_code == 200
    client.force_login(alice)
    client.post(reverse("api_token_revoke", args=[ApiToken.objects.get().pk]))
    answer = api_client(secret).get("/me")
    assert answer.status_code == 401 and answer["WWW-Authenticate"] == "Bearer"


def test_nobody_revokes_anothers_token(client, alice, bob, token_of):
    token_of(alice)
    client.force_login(bob)
    client.post(reverse("api_token_revoke", args=[ApiToken.objects.get().pk]))
    assert ApiToken.objects.filter(user=alice).exists()


def test_a_deactivated_users_tokens_fail(alice, api_client, token_of):
    secret = token_of(alice)
    alice.is_active = False
    alice.save()
    assert api_client(secret).get("/me").status_code == 401


def test_a_read_token_cannot_play(api_client, token_of, table, alice):
    reader = api_client(token_of(alice, scopes=["read"]))
    assert reader.get(f"/games/{table.pk}").status_code == 200
    answer = reader.post(f"/games/{table.pk}/resign")
    assert answer.status_code == 403 and "play" in answer.json()["detail"]


def test_a_play_token_cannot_read(api_client, token_of, table, alice):
    player = api_client(token_of(alice, scopes=["play"]))
    assert player.get(f"/games/{table.pk}").status_code == 403


def test_a_session_cookie_is_not_a_token(client, alice, table):
    client.force_login(alice)
    for answer in (client.get("/api/v1/me"), client.post(f"/api/v1/games/{table.pk}/resign")):
        assert answer.status_code == 401 and answer.json()["detail"].startswith("Send a valid API token")


def test_a_magic_link_session_is_not_a_token_and_cannot_make_one(client, bob, table):
    link = magic_link(bob, table.pk)
    client.post(link[link.index("/games/") :])  # "Continue" on the link's landing page
    assert client.get(f"/games/{table.pk}/").context["user"] == bob  # the link's session is Bob at his game
    assert client.get(f"/api/v1/games/{table.pk}").status_code == 401
    made = client.post(
        reverse("api_token_create"), {"token-scopes": "read", "token-current_password": "bob-password-123"}
    )
    assert made.status_code == 302 and made["Location"].startswith(reverse("login"))
    assert not ApiToken.objects.exists()


def test_mail_tokens_are_not_api_tokens(alice, api_client, table):
    sesame = magic_link(alice, table.pk).split("sesame=", 1)[1]
    unsubscribe = signing.dumps(alice.pk, salt="unsubscribe")
    for secret in (sesame, unsubscribe, tokens.SECRET_PREFIX + sesame):
        assert api_client(secret).get("/me").status_code == 401


def test_csrf_does_not_apply_to_bearer_requests(alice, token_of, table):
    strict = Client(enforce_csrf_checks=True)
    answer = strict.post(
        f"/api/v1/games/{table.pk}/chat",
        '{"text": "hi"}',
        content_type="application/json",
        headers={"Authorization": f"Bearer {token_of(alice)}"},
    )
    assert answer.status_code == 201
