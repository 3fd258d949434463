"""The daily digest: players who chose it get one mail a day listing the games that wait
for their move. It falls due on the user row and the sweeper sends it, so a broker that
is down when it falls due delays it and loses nothing."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

import mailroom.tasks
from accounts.models import DEFAULT_DIGEST_HOUR, User, next_digest_at
from mailroom import mails_due
from tables.actions import enqueue, lifecycle, player_moves

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_wants_a_digest(alice):
    alice.email = "alice@example.com"
    alice.email_notifications = User.Mail.DIGEST
    alice.save()
    return alice


@pytest.fixture
def two_games_wait_for_alice(alice_wants_a_digest, bob, charlie):
    waiting = []
    for opponent in (bob, charlie):
        game = lifecycle.create_table(alice_wants_a_digest, "capitalla", seats=2)
        lifecycle.join_table(opponent, game.pk)
        waiting.append(lifecycle.start_table(alice_wants_a_digest, game.pk))
    return waiting


def due_at(user) -> datetime:
    return User.objects.get(pk=user.pk).digest_due_at


def test_the_digest_falls_due_at_the_digest_hour():
    assert next_digest_at(datetime(2026, 3, 1, 6, 59, tzinfo=UTC)) == datetime(2026, 3, 1, 7, tzinfo=UTC)
    assert next_digest_at(datetime(2026, 3, 1, 7, 0, tzinfo=UTC)) == datetime(2026, 3, 2, 7, tzinfo=UTC)
    assert next_digest_at(datetime(2026, 3, 1, 23, 0, tzinfo=UTC)) == datetime(2026, 3, 2, 7, tzinfo=UTC)


def test_the_due_time_follows_the_mail_choice(alice_wants_a_digest):
    due = due_at(alice_wants_a_digest)
    assert due.hour == DEFAULT_DIGEST_HOUR and due.minute == 0  # a new account's zone is UTC
    # Turning mail off the way the unsubscribe page does (only that column saved).
    alice_wants_a_digest.email_notifications = User.Mail.OFF
    alice_wants_a_digest.save(update_fields=["email_notifications"])
    assert due_at(alice_wants_a_digest) is None


def test_the_digest_lists_the_games_waiting_once_a_day(
    two_games_wait_for_alice, alice_wants_a_digest, enqueued, run_enqueued
):
    due = due_at(alice_wants_a_digest)
    assert mails_due.send_due_digests(now=due - timedelta(seconds=1)) == 0
    assert mails_due.send_due_digests(now=due) == 1
    assert due_at(alice_wants_a_digest) == due + timedelta(days=1)
    assert mails_due.send_due_digests(now=due) == 0  # claimed
    assert run_enqueued() == [True]
    digest = mail.outbox[-1]
    assert digest.subject == "2 games wait for your move" and digest.to == ["alice@example.com"]
    for game in two_games_wait_for_alice:
        assert f"Capitalla #{game.pk}" in digest.body
    # The same day's digest delivered again is not sent again.
    assert mailroom.tasks.send_notification("digest", alice_wants_a_digest.pk, None, due.date().toordinal()) is False
    assert len(mail.outbox) == 1


def test_no_digest_when_no_game_waits_but_the_next_day_is_due(alice_wants_a_digest, enqueued):
    due = due_at(alice_wants_a_digest)
    assert mails_due.send_due_digests(now=due) == 0
    assert enqueued == []
    assert due_at(alice_wants_a_digest) == due + timedelta(days=1)


def test_a_digest_the_broker_refused_goes_on_a_later_pass(
    two_games_wait_for_alice, alice_wants_a_digest, monkeypatch, enqueued
):
    due = due_at(alice_wants_a_digest)
    with monkeypatch.context() as broker:
        broker.setattr(enqueue.celery_app, "send_task", lambda *a, **k: (_ for _ in ()).throw(ConnectionError()))
        assert mails_due.send_due_digests(now=due) == 0
    assert due_at(alice_wants_a_digest) == due
    # The broker is back an hour later: the day's digest goes then, once.
    assert mails_due.send_due_digests(now=due + timedelta(hours=1)) == 1
    assert [(name, args) for name, args, _ in enqueued] == [
        ("send_notification", ("digest", alice_wants_a_digest.pk, None, due.date().toordinal()))
    ]


def test_a_site_down_for_days_sends_one_digest_not_one_per_missed_day(
    two_games_wait_for_alice, alice_wants_a_digest, enqueued
):
    due = due_at(alice_wants_a_digest)
    later = due + timedelta(days=3, hours=2)
    assert mails_due.send_due_digests(now=later) == 1
    assert mails_due.send_due_digests(now=later) == 0
    assert due_at(alice_wants_a_digest) == next_digest_at(later)


@pytest.fixture
def bob_wants_a_rematch(alice_wants_a_digest, bob):
    """Alice and Bob's game is over and Bob opened its rematch: a seat waits for Alice."""
    game = lifecycle.create_table(alice_wants_a_digest, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice_wants_a_digest, game.pk)
    player_moves.resign(alice_wants_a_digest, game.pk)
    return lifecycle.rematch(bob, game.pk)


def sent_digest(user, enqueued, run_enqueued):
    assert mails_due.send_due_digests(now=due_at(user)) == 1
    assert run_enqueued("send_notification") == [True]
    return mail.outbox[-1]


def test_a_rematch_waiting_for_a_digest_player_is_in_their_digest(
    bob_wants_a_rematch, alice_wants_a_digest, enqueued, run_enqueued, settings
):
    old = bob_wants_a_rematch.rematch_of
    digest = sent_digest(alice_wants_a_digest, enqueued, run_enqueued)
    assert digest.subject == "A rematch waits for you"
    assert f"Bob opened Capitalla #{bob_wants_a_rematch.pk}, a rematch of Capitalla #{old.pk}" in digest.body
    # The old game's page, where "Join the rematch" is: a plain link, not a sign-in.
    assert f"{settings.SITE_URL}/games/{old.pk}/\n" in digest.body and "sesame" not in digest.body
    assert "sign you in" not in digest.body
    html = digest.alternatives[0][0]
    assert f"Bob wants a rematch of Capitalla #{old.pk}" in html and ">Join</a>" in html


def test_the_digest_tells_the_games_waiting_and_the_rematch(
    bob_wants_a_rematch, alice_wants_a_digest, charlie, enqueued, run_enqueued
):
    game = lifecycle.create_table(alice_wants_a_digest, "capitalla", seats=2)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(alice_wants_a_digest, game.pk)
    digest = sent_digest(alice_wants_a_digest, enqueued, run_enqueued)
    assert digest.subject == "1 game waits for your move; a rematch waits for you"
    assert f"- Capitalla #{game.pk}, before" in digest.body
    assert "\nA rematch waits for you:\n" in digest.body and "sign you in" in digest.body


def test_no_rematch_in_the_digest_once_the_player_sat_down(bob_wants_a_rematch, alice_wants_a_digest, enqueued):
    lifecycle.rematch(alice_wants_a_digest, bob_wants_a_rematch.rematch_of.pk)  # she took her seat
    assert mails_due.send_due_digests(now=due_at(alice_wants_a_digest)) == 0
    assert enqueued == []


def test_a_digest_due_for_a_rematch_alone_is_dropped_when_she_sits_down_first(
    bob_wants_a_rematch, alice_wants_a_digest, enqueued, run_enqueued
):
    assert mails_due.send_due_digests(now=due_at(alice_wants_a_digest)) == 1
    lifecycle.rematch(alice_wants_a_digest, bob_wants_a_rematch.rematch_of.pk)  # before the worker ran
    assert run_enqueued("send_notification") == [False]
    assert mail.outbox == []


def test_a_rematch_of_a_game_she_did_not_play_is_not_hers(alice_wants_a_digest, bob, charlie, enqueued):
    game = lifecycle.create_table(bob, "capitalla", seats=2)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(bob, game.pk)
    player_moves.resign(charlie, game.pk)
    lifecycle.rematch(bob, game.pk)
    assert mails_due.send_due_digests(now=due_at(alice_wants_a_digest)) == 0
