"""A leaked magic link (a forwarded turn mail, a shared screen) must not become the account.

The takeover path was: link -> full session -> profile (change the mail address) ->
password reset to that address -> new password. It now fails at its first step: the link
opens its own game and nothing else, once, and dies with the owner's sign-out, password
change or the end of the game.
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from mailroom.notifications.links import magic_link
from tables.actions import lifecycle, player_moves

pytestmark = pytest.mark.django_db


def path_of(link: str) -> str:
    return link[len(settings.SITE_URL) :]


def user_at(client, game):
    """Who the browser is at the game's own page (the one place a link's session is someone)."""
    return client.get(game.get_absolute_url()).wsgi_request.user


@pytest.fixture
def bobs_game(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


@pytest.fixture
def bobs_private_game(bob, charlie):
    game = lifecycle.create_table(bob, "capitalla", seats=2, private=True)
    lifecycle.join_table(charlie, game.pk)
    return lifecycle.start_table(bob, game.pk)


@pytest.fixture
def opened(client, bob, bobs_game):
    """A browser that pressed "Continue" on a link from Bob's turn mail."""
    response = client.post(path_of(magic_link(bob, bobs_game.pk)))
    assert response.status_code == 302 and response["Location"] == bobs_game.get_absolute_url()
    return client


def asks_for_sign_in(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_link_session_cannot_open_profile_outbox_chips_or_password_change(opened, bob, bobs_game):
    assert opened.get(bobs_game.get_absolute_url()).wsgi_request.user == bob  # its own game: yes
    for name in ("profile", "outbox", "chips", "password_change", "my_games"):
        response = opened.get(reverse(name))
        assert asks_for_sign_in(response), name
        assert not response.wsgi_request.user.is_authenticated


def test_a_link_session_cannot_read_another_private_game_of_its_owner(opened, bobs_private_game):
    response = opened.get(bobs_private_game.get_absolute_url())
    assert response.status_code == 404
    assert not response.wsgi_request.user.is_authenticated


def test_the_takeover_path_fails_at_its_first_step_the_mail_address_stays(opened, bob):
    response = opened.post(
        reverse("profile"), {"display_name": "Bob", "email": "attacker@example.com", "email_notifications": "turn"}
    )
    assert asks_for_sign_in(response)
    bob.refresh_from_db()
    assert bob.email != "attacker@example.com"
    # ... so a password reset asked for by the attacker goes nowhere they can read.
    password_change = opened.post(
        reverse("password_change"), {"new_password1": "attacker-pass-987", "new_password2": "attacker-pass-987"}
    )
    assert asks_for_sign_in(password_change)
    bob.refresh_from_db()
    assert bob.check_password("bob-password-123")


def test_a_link_used_once_is_refused_in_a_second_browser_while_other_links_work(opened, bob, bobs_game):
    used, fresh = path_of(magic_link(bob, bobs_game.pk)), path_of(magic_link(bob, bobs_game.pk))
    second = Client()
    assert second.post(used).status_code == 302  # the first press of this link
    third = Client()
    for method in (third.get, third.post):
        response = method(used)
        assert response.status_code == 410 and "already been used" in response.content.decode()
    assert not user_at(third, bobs_game).is_authenticated
    assert third.post(fresh).status_code == 302  # another mail's link still works
    assert user_at(third, bobs_game) == bob


def test_a_link_dies_when_its_owner_signs_out(client, bob, bobs_game):
    path = path_of(magic_link(bob, bobs_game.pk))
    owner = Client()
    owner.force_login(bob)
    owner.post(reverse("logout"))
    for method in (client.get, client.post):
        response = method(path)
        assert response.status_code == 410 and "no longer works" in response.content.decode()
    assert not user_at(client, bobs_game).is_authenticated


def test_a_link_dies_when_its_owner_changes_password(client, bob, bobs_game):
    from sesame.utils import get_user

    link = magic_link(bob, bobs_game.pk)
    path = path_of(link)
    bob.set_password("a-new-password-456")
    bob.save()
    token = link.split("sesame=", 1)[1]
    assert get_user(token, scope=_scope_of(path)) is None  # sesame: the token hashed the old password
    for method in (client.get, client.post):
        assert method(path).status_code in (404, 410)
    assert not user_at(client, bobs_game).is_authenticated
    assert not bob.magic_links.filter(revoked_at__isnull=True).exists()


def test_a_link_dies_when_its_owner_changes_address(client, bob, bobs_game):
    """Found by a QA pass: the links in the old mailbox still signed in after the owner
    moved to another address (that mailbox may no longer be theirs)."""
    path = path_of(magic_link(bob, bobs_game.pk))
    client.force_login(bob)
    client.post(
        reverse("profile"),
        {"display_name": "Bob", "email": "bob@elsewhere.example", "current_password": "bob-password-123"},
    )
    assert not bob.magic_links.filter(revoked_at__isnull=True).exists()
    client.logout()
    assert client.post(path).status_code in (404, 410)
    assert not user_at(client, bobs_game).is_authenticated


def _scope_of(path: str) -> str:
    """The sesame scope of a link: game:<id>:link:<id>, from its path /games/<g>/continue/<l>/."""
    parts = path.split("?", 1)[0].strip("/").split("/")
    return f"game:{parts[1]}:link:{parts[3]}"


def test_a_link_dies_when_the_game_ends(client, alice, bob, bobs_game):
    path = path_of(magic_link(bob, bobs_game.pk))
    player_moves.resign(alice, bobs_game.pk)
    for method in (client.get, client.post):
        response = method(path)
        assert response.status_code == 410 and "is over" in response.content.decode()
    assert not user_at(client, bobs_game).is_authenticated


def test_a_link_session_ends_when_the_owner_signs_out_elsewhere(opened, bob, bobs_game):
    owner = Client()
    owner.force_login(bob)
    owner.post(reverse("logout"))
    response = opened.get(bobs_game.get_absolute_url())
    assert not response.wsgi_request.user.is_authenticated
    assert opened.post(reverse("chat", args=[bobs_game.pk]), {"text": "still here"}).status_code == 302
    assert not bobs_game.chat.exists()


def test_a_link_session_cannot_play_in_another_game_of_its_owner(opened, bob, charlie, bobs_private_game):
    game = bobs_private_game
    response = opened.post(reverse("move", args=[game.pk]), {"version": game.version, "type": "draw", "from": "pile"})
    assert asks_for_sign_in(response)  # outside its game, the link's session is nobody
    assert game.events.count() == 0


def test_a_link_session_is_anonymous_to_async_code_outside_its_game(opened):
    from asgiref.sync import async_to_sync

    request = opened.get(reverse("profile")).wsgi_request
    assert not async_to_sync(request.auser)().is_authenticated
