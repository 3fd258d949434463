"""A mail that cannot be built (a display name with a line break in its subject, a broken
template) was dropped for good, with no trace. Now subjects are cleaned, and a failure is
recorded on its Notification row, logged, and counted by /healthz/."""

import logging

import pytest
from django.core import mail
from django.urls import reverse

from mailroom.models import Notification
from mailroom.notifications import building, sending
from tables.actions import player_moves

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_game(table, alice, bob):
    for user in (alice, bob):
        user.email = f"{user.username}@example.com"
        user.save()
    return player_moves.resign(alice, table.pk)  # Bob wins


@pytest.mark.parametrize("breaker", ["\r\n", "\n", "\u2028", "\x85", "\x1b"])
def test_a_winner_named_with_a_line_break_still_gets_the_result_mailed_cleanly(finished_game, alice, bob, breaker):
    bob.display_name = f"Bob{breaker}Bcc: victim@example.com"
    bob.save()
    assert sending.send_notification("game_over", alice.pk, finished_game.pk, finished_game.version) is True
    (message,) = mail.outbox
    assert message.subject == f"Capitalla #{finished_game.pk} is over: Bob Bcc: victim@example.com won"
    assert "victim@example.com" not in message.recipients()
    assert message.message()["Subject"] == message.subject
    assert Notification.objects.get(user=alice).sent_at is not None


def test_a_mail_that_fails_to_build_is_recorded_logged_and_counted(client, finished_game, alice, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise ValueError("a template that cannot render")

    monkeypatch.setattr(building, "render_to_string", broken)
    with caplog.at_level(logging.ERROR, logger="mailroom.notifications"):
        assert sending.send_notification("game_over", alice.pk, finished_game.pk, finished_game.version) is False
    assert mail.outbox == []
    row = Notification.objects.get(user=alice, game=finished_game)
    assert row.failed_at is not None and row.sent_at is None and "cannot render" in row.error
    assert any(r.exc_info for r in caplog.records), "logged with its traceback"
    # Claimed as failed: a second delivery of the task does not try again silently.
    assert sending.send_notification("game_over", alice.pk, finished_game.pk, finished_game.version) is False
    response = client.get(reverse("health_check"))
    assert response.status_code == 200  # reported, not an outage
    assert response.json()["failed_mails"] == 1
