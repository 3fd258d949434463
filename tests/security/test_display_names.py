"""Names that break mail or fool players: line breaks and other invisible characters,
a human calling themselves "Bot 2 (normal)", or copying another player's name."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

BROKEN = [
    "Al\nice",
    "Al\rice",
    "Al\u2028ice",
    "Al\u2029ice",
    "Al\u0085ice",
    "Al\tice",
    "Al\u200bice",
    "Al\u202eice",
    "Al\u00a0ice",
    "Al\u3000ice",
    "Al\ue000ice",
]
BOTS = ["Bot 2 (normal)", "bot", "BOT-1", "Bot", "\uff22\uff4f\uff54 3", "bot\u00b9", "\u0412\u043e\u0442 3"]
# Dave has no display name; "Воb" starts with Cyrillic letters, "Вов" is all Cyrillic.
TAKEN = [
    "Bob",
    "BOB",
    "bob",
    "\uff42\uff4f\uff42",
    "  Bob  ",
    "Dave",
    "\u0412\u043eb",
    "\u0412\u043e\u0432",
    "BÖB",
    "Dave\u0301",
]
FINE = ["Botanist", "Bottle Cap", "Anna Bot", "Zoë", "Queen Alice"]


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user(username="dave", password="dave-password-123")


def sign_up(display_name: str, username: str = "dora"):
    return Client().post(
        reverse("signup"),
        {
            "username": username,
            "display_name": display_name,
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
    )


def rename(client, display_name: str):
    return client.post(
        reverse("profile"), {"display_name": display_name, "email": "alice@example.com", "email_notifications": "turn"}
    )


@pytest.mark.parametrize("name", BROKEN + BOTS + TAKEN)
def test_signing_up_with_a_broken_bot_or_taken_name_is_refused(name, bob, dave):
    response = sign_up(name)
    assert response.status_code == 200 and 'class="field__error"' in response.content.decode()
    assert not User.objects.filter(username="dora").exists()


@pytest.mark.parametrize("name", BROKEN + BOTS + TAKEN)
def test_renaming_to_a_broken_bot_or_taken_name_is_refused(name, client, alice, bob, dave):
    client.force_login(alice)
    response = rename(client, name)
    assert response.status_code == 200 and 'class="field__error"' in response.content.decode()
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_a_username_that_imitates_a_bot_needs_another_display_name(db):
    assert sign_up("", username="bot7").status_code == 200
    assert sign_up("Seven", username="bot7").status_code == 302


def test_a_username_someone_uses_as_their_name_needs_another_display_name(bob):
    bob.display_name = "Robert"
    bob.save()
    assert sign_up("", username="robert").status_code == 200
    assert sign_up("Rob", username="robert").status_code == 302


@pytest.mark.parametrize("name", FINE)
def test_ordinary_names_are_fine(name, client, alice, bob):
    client.force_login(alice)
    assert rename(client, name).status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == name


def test_keeping_ones_own_name_is_fine(client, alice):
    client.force_login(alice)
    assert rename(client, "ALICE").status_code == 302


def test_the_saved_name_keys_follow_the_rule_after_the_migration(bob):
    from importlib import import_module

    from django.apps import apps

    User.objects.filter(pk=bob.pk).update(name_key="stale")
    import_module("accounts.migrations.0006_name_keys_fold_look_alikes").rekey(apps, None)
    assert User.objects.get(pk=bob.pk).name_key == "bob"
