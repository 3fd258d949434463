"""A reply played while the broker is down still gets its answer. The answer was handed
to the broker after the commit and nowhere recorded: the broker refused it, the move
stood, and the player never learned what was played (sending the reply again only got
"already received"). The answer is now a mail row from the start, due at once, which
the sweeper's pass hands over again once the broker is back."""

import pytest
from django.core import mail

from mailroom.inbound.receive import receive
from mailroom.models import Notification
from mailroom.notifications import delivery
from tables.actions import enqueue
from tables.models import Game
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db


def test_the_answer_to_a_reply_played_while_the_broker_is_down_is_sent_once_it_is_back(
    table, alice, monkeypatch, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    def broker_down(*args, **kwargs):
        raise ConnectionError("broker unreachable")

    with monkeypatch.context() as outage:
        outage.setattr(enqueue.celery_app, "send_task", broker_down)
        with django_capture_on_commit_callbacks(execute=True):
            received = receive(reply(table, alice, "draw"))
    assert received.status == "played" and Game.objects.get(pk=table.pk).version == table.version + 1
    row = Notification.objects.get(kind=Notification.Kind.MAIL_ANSWER, version=received.mail.pk)
    assert row.sent_at is None and row.next_try_at is not None  # due: the sweeper's to hand over

    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    mail.outbox.clear()
    assert run_enqueued("send_notification") == [True]
    [answer] = [m for m in mail.outbox if m.subject.startswith("Re:")]
    assert "Played:" in answer.body and "Alice drew" in answer.body
    assert delivery.retry_due_mails() == 0  # sent: never again


def test_an_answer_handed_over_is_not_handed_over_again_by_the_sweeper(
    table, alice, enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        received = receive(reply(table, alice, "draw"))
    assert [name for name, _, _ in enqueued] == ["send_notification"]
    assert delivery.retry_due_mails() == 0  # the worker has it: not due yet
    assert Notification.objects.get(kind=Notification.Kind.MAIL_ANSWER, version=received.mail.pk).attempts == 0
