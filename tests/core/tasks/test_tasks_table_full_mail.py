"""A table whose last seat is taken tells its host by mail: "your table is full: start it".
Sent by the sweeper (never inside the join), once, and not if the table started or a seat
came free meanwhile."""

import pytest
from django.core import mail

import mailroom.tasks
from tables.actions import lifecycle, player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


def sent_kinds(enqueued):
    return [args for name, args, _ in enqueued if name == "send_notification" and args[0] == "table_full"]


def test_the_host_is_told_by_mail_when_the_last_seat_is_taken(
    alice, bob, charlie, enqueued, run_enqueued, sweep_mails, settings
):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    assert Game.objects.get(pk=game.pk).full_mail_at is None  # a seat is still free
    lifecycle.join_table(charlie, game.pk)
    assert enqueued == []  # nothing reaches the broker on the join itself
    assert sweep_mails(game, "full_mail_at") == 1
    assert sent_kinds(enqueued) == [("table_full", alice.pk, game.pk, 0)]
    assert run_enqueued("send_notification") == [True]
    message = mail.outbox[-1]
    assert message.to == ["alice@example.com"]
    assert message.subject == f"Your table Capitalla #{game.pk} is full: start it"
    assert "Bob and Charlie" in message.body
    assert f"{settings.SITE_URL}/games/{game.pk}/\n" in message.body
    assert mailroom.tasks.send_notification("table_full", alice.pk, game.pk, 0) is False  # sent once


def test_no_full_table_mail_once_the_host_started_it(alice, bob, enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    started = lifecycle.start_table(alice, game.pk)
    assert started.full_mail_at is None
    assert mailroom.tasks.send_notification("table_full", alice.pk, game.pk, 0) is False


def test_no_full_table_mail_when_a_seat_came_free_before_it_was_due(alice, bob, enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    lifecycle.leave_table(bob, game.pk)
    assert Game.objects.get(pk=game.pk).full_mail_at is None
    assert mailroom.tasks.send_notification("table_full", alice.pk, game.pk, 0) is False


def test_a_rematch_whose_players_are_all_seated_tells_its_host(
    alice, bob, enqueued, run_enqueued, sweep_mails, django_capture_on_commit_callbacks
):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        game = lifecycle.start_table(alice, game.pk)
    game = player_moves.resign(bob, game.pk)
    following = lifecycle.rematch(alice, game.pk)
    lifecycle.rematch(bob, game.pk)  # Bob takes the last seat
    enqueued.clear()
    sweep_mails(following, "full_mail_at")  # the old game's result mail falls due too
    assert sent_kinds(enqueued) == [("table_full", alice.pk, following.pk, 0)]
    assert mailroom.tasks.send_notification("table_full", alice.pk, following.pk, 0) is True
    assert mail.outbox[-1].subject == f"Your table Capitalla #{following.pk} is full: start it"
