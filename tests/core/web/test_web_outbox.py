"""The embedded default keeps mail in an outbox each user reads at /outbox/."""

import pytest
from django.core import mail

from mailroom.models import OutboxMessage
from tables.actions import lifecycle, player_moves

pytestmark = pytest.mark.django_db


@pytest.fixture
def outbox_backend(settings):
    settings.MAILERS = {"default": {"BACKEND": "mailroom.outbox.OutboxBackend"}}


@pytest.fixture
def mails(outbox_backend, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks, sweep_mails):
    for user in (alice, bob):
        user.email = f"{user.username}@example.com"
        user.save()
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        game = lifecycle.start_table(alice, game.pk)
    sweep_mails(game)
    assert run_enqueued() == [True]  # Alice's turn
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    sweep_mails(game)
    assert run_enqueued() == [True]  # Bob's turn
    return game


def test_mail_lands_in_the_recipients_outbox_only(client, alice, bob, mails):
    assert mail.outbox == []  # kept, not sent
    assert OutboxMessage.objects.count() == 2
    client.force_login(bob)
    page = client.get("/outbox/").content.decode()
    assert f"Your turn in Capitalla #{mails.pk}" in page and "bob@example.com" in page
    assert "alice@example.com" not in page
    mine = OutboxMessage.objects.get(user=bob)
    theirs = OutboxMessage.objects.get(user=alice)
    html = client.get(f"/outbox/{mine.pk}/")
    assert html.status_code == 200 and "Continue to your game" in html.content.decode()
    assert "sandbox" in html["Content-Security-Policy"] and "script-src 'none'" in html["Content-Security-Policy"]
    assert client.get(f"/outbox/{theirs.pk}/").status_code == 404


def test_the_outbox_needs_a_login(client):
    response = client.get("/outbox/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_header_links_the_outbox_when_mail_stays_local(client, alice, outbox_backend):
    client.force_login(alice)
    assert 'href="/outbox/"' in client.get("/").content.decode()
