"""Shared fixtures: the personas alice (host), bob and charlie, and small table helpers."""

import pytest

from games import services


@pytest.fixture(autouse=True)
def _fast_bots(settings):
    # Tests never wait for the "watch the bot move" pause.
    settings.BOT_MOVE_DELAY = 0


def make_user(django_user_model, username: str, display_name: str):
    return django_user_model.objects.create_user(
        username=username, password=f"{username}-password-123", display_name=display_name
    )


@pytest.fixture
def alice(django_user_model):
    return make_user(django_user_model, "alice", "Alice")


@pytest.fixture
def bob(django_user_model):
    return make_user(django_user_model, "bob", "Bob")


@pytest.fixture
def charlie(django_user_model):
    return make_user(django_user_model, "charlie", "Charlie")


@pytest.fixture
def table(alice, bob):
    """A started two-player Capitalla table: alice at seat 0 (to act first), bob at seat 1."""
    game = services.create_table(alice, "capitalla", seats=2)
    services.join_table(bob, game.pk)
    return services.start_table(alice, game.pk)
