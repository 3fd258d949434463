"""/healthz/ for the operator's monitor: 200 while the database and the broker answer and
the sweeper and the worker keep up; 503 saying what is wrong otherwise."""

from datetime import timedelta

import pytest
from django.db import DatabaseError
from django.urls import reverse
from django.utils import timezone

from accounts.models import Absence, User
from capitalla_site import health
from tables import heartbeats
from tables.actions import absences, bot_play, lifecycle, player_moves, turn_timeouts
from tables.models import Game

pytestmark = pytest.mark.django_db

LATE = heartbeats.LAG_ALLOWED + timedelta(minutes=1)


def report(client, status):
    response = client.get(reverse("health_check"))
    assert response.status_code == status
    assert response["Cache-Control"].startswith("max-age=0")
    return response.json()


def test_a_site_keeping_up_is_healthy(client, table):
    assert report(client, 200) == {
        "ok": True,
        "database": "ok",
        "broker": "ok",
        "overdue": {"expired_turns": 0, "mails": 0, "digests": 0, "absences": 0, "bot_turns": 0},
        "silent_queues": [],
        "beat": "ok",
        "failed_mails": 0,
        "late_mails": 0,
    }


def test_a_turn_clock_nobody_swept_makes_it_unhealthy_until_the_sweeper_runs(client, table):
    Game.objects.filter(pk=table.pk).update(deadline=timezone.now() - LATE)
    body = report(client, 503)
    assert body["ok"] is False and body["overdue"]["expired_turns"] == 1
    turn_timeouts.expire_overdue_turns()
    report(client, 200)


def test_mails_and_digests_left_due_make_it_unhealthy(client, table, alice):
    Game.objects.filter(pk=table.pk).update(turn_mail_at=timezone.now() - LATE)
    alice.email_notifications = User.Mail.DIGEST
    alice.save()
    User.objects.filter(pk=alice.pk).update(digest_due_at=timezone.now() - LATE)
    assert report(client, 503)["overdue"] | {"expired_turns": 0} == {
        "expired_turns": 0,
        "mails": 1,
        "digests": 1,
        "absences": 0,
        "bot_turns": 0,
    }


def test_an_absence_the_sweeper_left_unapplied_makes_it_unhealthy(client, alice):
    today = timezone.now().date()
    absence = Absence.objects.create(
        user=alice,
        first_day=today,
        last_day=today,
        starts_at=timezone.now() - LATE,
        ends_at=timezone.now() + timedelta(hours=1),
    )
    assert report(client, 503)["overdue"]["absences"] == 1
    absences.apply_due_absences()
    assert Absence.objects.get(pk=absence.pk).begun
    report(client, 200)


def test_a_bot_that_never_moves_means_the_worker_is_not_working(client, alice, enqueued):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    assert game.bot_due_at is not None
    report(client, 200)  # the bot's turn has only just come
    game.events.update(created_at=timezone.now() - LATE - timedelta(minutes=1))
    assert report(client, 503)["overdue"]["bot_turns"] == 1
    bot_play.play_bot_turn(game.pk, game.version)
    report(client, 200)


def test_an_unreachable_broker_or_database_is_reported(client, table, monkeypatch):
    monkeypatch.setattr(health.celery_app, "connection_for_write", lambda: (_ for _ in ()).throw(OSError()))
    assert report(client, 503)["broker"] == "unreachable"

    def database_down(now=None):
        raise DatabaseError("connection refused")

    monkeypatch.setattr(health, "overdue_work", database_down)
    body = report(client, 503)
    assert (body["database"], body["overdue"]) == ("unreachable", None)
