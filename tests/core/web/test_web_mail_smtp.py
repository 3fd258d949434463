"""End to end through a real SMTP server (aiosmtpd): the "your turn" mail goes out through
Django's SMTP backend, its magic link shows a confirm page on GET (no login), logs in on
POST, and the player makes their move. A mail server that is down for a day delays the
mail, never loses it; any mail parser finds the one-click unsubscribe URL."""

import email
import re
from datetime import timedelta
from email import policy

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from mailroom.models import Notification
from mailroom.notifications import delivery, links
from tables.actions import lifecycle, player_moves
from tables.models import Event, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def bobs_turn(alice, bob, django_capture_on_commit_callbacks):
    """A game where Bob's turn mail falls due now."""
    bob.email = "bob@example.com"
    bob.save()
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    for _ in range(2):  # Alice's turn; then Bob's, and his turn mail falls due
        with django_capture_on_commit_callbacks(execute=True):
            game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    return game


def test_the_turn_mail_brings_the_player_back_to_their_move(
    smtp_server, client, bob, bobs_turn, enqueued, run_enqueued, sweep_mails
):
    game = bobs_turn
    assert sweep_mails(game) == 1
    assert run_enqueued("send_notification") == [True]

    assert len(smtp_server.messages) == 1
    _, rcpt, raw = smtp_server.messages[0]
    assert rcpt == ["bob@example.com"]
    message = email.message_from_bytes(raw, policy=policy.default)
    assert message["Subject"] == f"Your turn in Capitalla #{game.pk}"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    assert "Alice discarded" in text and "Continue to your game" in html
    link = re.search(r"(\S+/games/\d+/continue/\d+/\?sesame=\S+)", text).group(1)
    assert link.startswith(django_settings.SITE_URL)
    path = link[len(django_settings.SITE_URL) :]

    # A mail scanner (or the player) fetching the link: a confirm page, nobody logged in.
    page = client.get(path)
    assert page.status_code == 200 and "Continue to your game" in page.content.decode()
    assert not page.wsgi_request.user.is_authenticated
    assert not client.get("/").wsgi_request.user.is_authenticated

    # The button: logged in as Bob, on his game.
    response = client.post(path)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    table = client.get(response["Location"])
    assert table.wsgi_request.user == bob
    assert "Your turn: take the top card" in table.content.decode()

    response = client.post(f"/games/{game.pk}/move/", {"version": game.version, "type": "draw", "from": "pile"})
    assert response.status_code == 302
    last = Event.objects.filter(game=game).last()
    assert (last.seat, last.move) == (1, {"type": "draw", "from": "pile"})
    assert Game.objects.get(pk=game.pk).version == game.version + 1


def test_a_turn_mail_outlives_a_day_long_mail_server_outage_and_arrives_once(
    smtp_server, bob, bobs_turn, enqueued, run_enqueued, sweep_mails
):
    smtp_server.stop()
    assert sweep_mails(bobs_turn) == 1
    assert run_enqueued("send_notification") == [False]  # refused: kept to be tried again
    row = Notification.objects.get(user=bob, game=bobs_turn)
    assert row.sent_at is None and row.failed_at is None and row.error
    # The clock moves on, well past the task's own retries of old (1, 3 and 38 s): each
    # sweep finds the mail due again, and the server still refuses it, for a day and more.
    waited, tries = timedelta(0), 1  # the moved clock: how long since the first try
    while (waited := waited + (row.next_try_at - timezone.now())) < timedelta(days=1):
        assert delivery.retry_due_mails(now=row.next_try_at - timedelta(seconds=1)) == 0
        assert delivery.retry_due_mails(now=row.next_try_at) == 1
        assert run_enqueued("send_notification") == [False]
        tries += 1
        row.refresh_from_db()
        assert row.sent_at is None and row.failed_at is None
    assert smtp_server.messages == [] and tries > 4  # the task alone gave up after its 4th

    # The server is back a day later: the next try sends the mail, once.

    smtp_server.start()
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert run_enqueued("send_notification") == [True]
    assert delivery.retry_due_mails(now=timezone.now() + timedelta(days=30)) == 0
    assert sweep_mails(bobs_turn) == 0 and enqueued == []
    (message,) = smtp_server.messages
    assert message[1] == ["bob@example.com"]
    row.refresh_from_db()
    assert row.sent_at is not None and row.next_try_at is None


def test_list_unsubscribe_is_a_plain_url_for_every_mail_parser(
    smtp_server, bob, bobs_turn, enqueued, run_enqueued, sweep_mails
):
    sweep_mails(bobs_turn)
    run_enqueued("send_notification")
    (_, _, raw) = smtp_server.messages[0]
    url = links.unsubscribe_url(bob).rsplit("/", 2)[0]  # the token differs by its timestamp
    for parser in (policy.compat32, policy.default):
        message = email.message_from_bytes(raw, policy=parser)
        header = str(message["List-Unsubscribe"])
        assert re.fullmatch(r"<https?://\S+>", header), header
        assert header[1:].startswith(url) and "=?" not in header
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
