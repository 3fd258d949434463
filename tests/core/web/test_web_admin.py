"""The admin: games with their seats, and the move log read-only."""

import pytest
from django.urls import reverse

from tables.actions import player_moves


@pytest.fixture
def admin_client_logged(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "root-password-123")
    client.force_login(admin)
    return client


def test_game_and_event_admin_pages(admin_client_logged, alice, table):
    player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    client = admin_client_logged
    assert client.get(reverse("admin:tables_game_changelist")).status_code == 200
    change = client.get(reverse("admin:tables_game_change", args=[table.pk]))
    assert change.status_code == 200
    assert "Seats" in change.content.decode()
    events = client.get(reverse("admin:tables_event_changelist"))
    assert events.status_code == 200
    assert client.get(reverse("admin:tables_event_add")).status_code == 403
    assert client.get(reverse("admin:tables_hand_add")).status_code == 403
    event = table.events.get()
    page = client.get(reverse("admin:tables_event_change", args=[event.pk])).content.decode()
    assert 'name="_save"' not in page  # view only
    assert "Alice drew from the draw pile." in events.content.decode()  # the log's words, names in


def test_user_admin_shows_the_mail_choice_and_the_digest_due_time(admin_client_logged, alice):
    alice.email_notifications = "digest"
    alice.save()
    page = admin_client_logged.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert 'name="email_notifications"' in page and "Digest due at" in page
    assert (
        admin_client_logged.get(reverse("admin:accounts_user_changelist") + "?email_notifications=digest").status_code
        == 200
    )


def test_once_the_game_is_over_the_admin_shows_its_seed_and_state(admin_client_logged, bob, table):
    player_moves.resign(bob, table.pk)
    table.refresh_from_db()
    page = admin_client_logged.get(reverse("admin:tables_game_change", args=[table.pk])).content.decode()
    assert str(table.seed) in page and "field-state" in page
    changelist = reverse("admin:tables_game_changelist")
    assert admin_client_logged.get(changelist, {"status": "finished"}).status_code == 200


def test_a_game_and_its_seats_are_read_here_never_added_or_edited(admin_client_logged, alice, table):
    # A status set by hand would end a game without its pot paid or its ratings moved.
    client = admin_client_logged
    assert client.get(reverse("admin:tables_game_add")).status_code == 403
    page = client.get(reverse("admin:tables_game_change", args=[table.pk])).content.decode()
    assert 'name="_save"' not in page and 'name="status"' not in page and 'name="seats-0-user"' not in page
    response = client.post(reverse("admin:tables_game_change", args=[table.pk]), {"status": "finished"})
    assert response.status_code == 403
    table.refresh_from_db()
    assert table.status == "active"
