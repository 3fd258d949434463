"""A session someone else got hold of must not take the account over: changing the mail
address (where password resets go) or the password asks for the current password."""

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db

ATTACKER = "attacker@example.com"


def profile_post(client, **fields):
    data = {"display_name": "Alice", "email": "alice@example.com", "email_notifications": "turn"}
    return client.post(reverse("profile"), data | fields)


def test_changing_the_address_without_the_password_is_refused(client, alice):
    client.force_login(alice)
    response = profile_post(client, email=ATTACKER)
    assert response.status_code == 200 and "your current password" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    assert not [m for m in mail.outbox if ATTACKER in m.to]


def test_changing_the_address_with_a_wrong_password_is_refused(client, alice):
    client.force_login(alice)
    response = profile_post(client, email=ATTACKER, current_password="guess-123")
    assert "Wrong password" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_removing_the_address_needs_the_password_too(client, alice):
    client.force_login(alice)
    profile_post(client, email="")
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_with_the_password_the_new_address_waits_for_its_confirmation(client, alice):
    client.force_login(alice)
    response = profile_post(client, email="alice@new.example", current_password="alice-password-123")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.email == "alice@new.example" and not alice.email_confirmed and not alice.wants_turn_mail
    [confirmation] = [m for m in mail.outbox if "alice@new.example" in m.to]
    assert "/accounts/confirm/" in confirmation.body


def test_the_display_name_and_mail_choice_change_without_the_password(client, alice):
    client.force_login(alice)
    assert profile_post(client, display_name="Queen Alice", email_notifications="off").status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "Queen Alice" and alice.email_notifications == "off"


def test_changing_the_password_without_the_old_one_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("password_change"),
        {"old_password": "guess-123", "new_password1": "taken-over-4242", "new_password2": "taken-over-4242"},
    )
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password("alice-password-123")


def change_password(client, old: str):
    new = "a-brand-new-secret-42"
    return client.post(reverse("password_change"), {"old_password": old, "new_password1": new, "new_password2": new})


@pytest.mark.parametrize("guess", ["address", "password"])
def test_a_session_cannot_guess_the_password_without_end(client, alice, guess):
    # Found by a QA pass: the address change and the password change answered every
    # wrong guess, then took the right one; the token page's limit did not cover them.
    from accounts.passwords import PASSWORD_TRIES

    client.force_login(alice)
    right = "alice-password-123"

    def attempt(password):
        if guess == "address":
            return profile_post(client, email=ATTACKER, current_password=password)
        return change_password(client, password)

    for n in range(PASSWORD_TRIES):
        assert "Too many wrong passwords" not in attempt(f"guess-{n}").content.decode()
    refused = attempt(right)  # the right one, after too many wrong ones
    assert "Too many wrong passwords" in refused.content.decode()
    alice.refresh_from_db()
    assert alice.email == "alice@example.com" and alice.check_password(right)


def test_right_passwords_are_not_counted(client, alice):
    client.force_login(alice)
    from accounts.passwords import PASSWORD_TRIES

    for n in range(PASSWORD_TRIES + 2):
        address = f"alice{n}@example.com"
        assert profile_post(client, email=address, current_password="alice-password-123").status_code == 302
