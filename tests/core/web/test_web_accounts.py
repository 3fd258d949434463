"""Sign up, log in, log out and the display name."""

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import DEFAULT_DIGEST_HOUR

User = get_user_model()


def _signup(client, **overrides):
    data = {
        "username": "dora",
        "display_name": "Dora the Explorer",
        "password1": "capital-cities-42",
        "password2": "capital-cities-42",
    }
    data.update(overrides)
    return client.post(reverse("signup"), data)


def test_signup_creates_the_account_logs_in_and_lands_in_the_lobby(client, db):
    response = _signup(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby")
    user = User.objects.get(username="dora")
    assert user.display_name == "Dora the Explorer"
    assert user.check_password("capital-cities-42")
    page = client.get(reverse("lobby"))
    assert page.wsgi_request.user == user
    assert "Dora the Explorer" in page.content.decode()


def test_signup_with_mismatched_passwords_shows_the_error_and_creates_nothing(client, db):
    response = _signup(client, password2="something-else-42")
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode() or "didn't match" in response.content.decode()
    assert not User.objects.filter(username="dora").exists()


def test_signup_with_a_taken_username_is_refused(client, alice):
    response = _signup(client, username="alice")
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="alice").count() == 1


def test_login_and_logout_by_post(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-password-123"})
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby")
    assert client.get(reverse("lobby")).wsgi_request.user == alice

    assert client.get(reverse("logout")).status_code == 405  # logging out needs a POST
    assert client.get(reverse("lobby")).wsgi_request.user == alice
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    lobby = client.get(reverse("lobby"))
    assert not lobby.wsgi_request.user.is_authenticated
    assert "You are logged out." in lobby.text  # said once, on the page it lands on
    assert "You are logged out." not in client.get(reverse("lobby")).text


def test_login_with_a_wrong_password_says_so(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    assert not response.wsgi_request.user.is_authenticated


def test_profile_changes_the_display_name(client, alice):
    client.force_login(alice)
    page = client.get(reverse("profile"))
    assert page.status_code == 200
    assert 'value="Alice"' in page.content.decode()
    response = client.post(
        reverse("profile"), {"display_name": "  Queen Alice ", "email": "alice@example.com"}, follow=True
    )
    alice.refresh_from_db()
    assert alice.display_name == "Queen Alice"
    assert "Queen Alice" in response.content.decode()


def test_empty_display_name_falls_back_to_the_username(client, alice):
    client.force_login(alice)
    client.post(reverse("profile"), {"display_name": "", "email": "alice@example.com"})
    alice.refresh_from_db()
    assert alice.name == "alice"


def test_profile_needs_a_login(client, db):
    response = client.get(reverse("profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_choosing_the_digest_on_the_profile_schedules_it(client, alice):
    client.force_login(alice)
    client.post(
        reverse("profile"), {"display_name": "Alice", "email": "alice@example.com", "email_notifications": "digest"}
    )
    alice.refresh_from_db()
    assert alice.email_notifications == "digest" and alice.digest_due_at.hour == DEFAULT_DIGEST_HOUR
    client.post(
        reverse("profile"), {"display_name": "Alice", "email": "alice@example.com", "email_notifications": "turn"}
    )
    alice.refresh_from_db()
    assert alice.digest_due_at is None
