"""A mail the mail server refuses waits on its Notification row and is tried again with
growing waits for more than a day; it is handed to one task at a time, sent once, dropped
when it is no longer news, and failed (and counted) only after the last try."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

import mailroom.tasks
from capitalla_site import health
from mailroom import queue
from mailroom.models import Notification
from mailroom.notifications import delivery
from tables.actions import enqueue, player_moves

pytestmark = pytest.mark.django_db


def test_the_waits_between_tries_grow_and_cover_more_than_a_day():
    waits = [delivery.retry_delay(tries) for tries in range(1, len(delivery.RETRY_DELAYS) + 1)]
    assert waits == sorted(waits) and waits[0] <= timedelta(minutes=1)
    assert sum(waits, timedelta(0)) > timedelta(days=1)


def test_a_mail_refused_on_every_try_for_a_day_fails_and_is_counted(refused_turn_mail, enqueued, run_enqueued):
    row = refused_turn_mail
    for tries in range(2, len(delivery.RETRY_DELAYS) + 2):
        assert delivery.retry_due_mails(now=row.next_try_at) == 1
        assert run_enqueued() == [False]
        row.refresh_from_db()
        assert row.attempts == tries
    assert row.failed_at is not None and row.next_try_at is None and "Connection refused" in row.error
    assert delivery.retry_due_mails(now=timezone.now() + timedelta(days=30)) == 0
    assert health.failed_mails() == 1


def test_a_retry_handed_over_twice_is_tried_once(refused_turn_mail, enqueued, run_enqueued, mail_server_down):
    row = refused_turn_mail
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    message = enqueued[-1]
    assert delivery.retry_due_mails(now=row.next_try_at) == 0  # handed over already
    enqueued.append(message)  # the broker delivers it twice
    mail_server_down.back()
    assert run_enqueued() == [True, False]
    assert len(mail.outbox) == 1


def test_a_retry_whose_task_was_lost_is_handed_over_again_after_the_lease(
    refused_turn_mail, enqueued, mail_server_down
):
    row = refused_turn_mail
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    enqueued.clear()  # the message is lost
    mail_server_down.back()
    assert delivery.retry_due_mails(now=row.next_try_at + queue.QUEUE_LEASE) == 1
    assert mailroom.tasks.send_notification(*enqueued[-1][1]) is True


def test_with_the_broker_down_a_retry_stays_due(refused_turn_mail, monkeypatch):
    row = refused_turn_mail

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker unreachable")

    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    assert delivery.retry_due_mails(now=row.next_try_at) == 0
    assert Notification.objects.get(pk=row.pk).next_try_at == row.next_try_at


def test_a_retry_that_is_no_longer_news_is_dropped(refused_turn_mail, table, alice, enqueued, run_enqueued):
    player_moves.play_move(alice, table.pk, table.version, table.rules.legal_moves(table.state, 0)[0])
    assert delivery.retry_due_mails(now=refused_turn_mail.next_try_at) == 1
    assert run_enqueued() == [False]
    assert not Notification.objects.exists() and mail.outbox == []


def test_a_mail_whose_worker_died_before_its_claim_comes_due_again(table, alice, monkeypatch, enqueued, run_enqueued):
    alice.email = "alice@example.com"
    alice.save()

    def worker_dies(tries):
        raise SystemExit("worker killed")

    with monkeypatch.context() as patch, pytest.raises(SystemExit):
        patch.setattr(delivery, "retry_delay", worker_dies)  # called by the claim, after the row is made
        mailroom.tasks.send_notification("your_turn", alice.pk, table.pk, 0)
    row = Notification.objects.get(user=alice)
    assert row.attempts == 0 and row.next_try_at is not None
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert run_enqueued() == [True] and len(mail.outbox) == 1
