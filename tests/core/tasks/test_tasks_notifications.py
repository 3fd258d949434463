"""Turn mails, reminders and results: enqueued by the sweeper when due, sent at most once."""

from datetime import timedelta
from unittest.mock import ANY

import pytest
from django.core import mail
from django.utils import timezone

import mailroom.tasks
from mailroom import mails_due
from mailroom.models import Notification
from mailroom.notifications import delivery, turn_mails
from tables.actions import absences, enqueue, lifecycle, player_moves, table_talk
from tables.models import Event, Game, turn_time_label

pytestmark = pytest.mark.django_db


@pytest.fixture
def mailable(alice, bob):
    for user in (alice, bob):
        user.email = f"{user.username}@example.com"
        user.save()
    return alice, bob


@pytest.fixture
def table_with_mail(mailable, django_capture_on_commit_callbacks, enqueued):
    alice, bob = mailable
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        return lifecycle.start_table(alice, game.pk)


def play_turn(user, game, seat, capture):
    for _ in range(2):
        with capture(execute=True):
            game = player_moves.play_move(user, game.pk, game.version, game.rules.legal_moves(game.state, seat)[0])
    return game


def broker_down(*args, **kwargs):
    raise ConnectionError("broker unreachable")


def notifications(enqueued, kind):
    return [args for name, args, _ in enqueued if name == "send_notification" and args[0] == kind]


def test_a_move_enqueues_no_turn_mail_the_sweeper_sends_it_when_due(
    table_with_mail, alice, enqueued, run_enqueued, settings
):
    game = Game.objects.get(pk=table_with_mail.pk)
    assert enqueued == []  # nothing reaches the broker on the move itself
    delay = timedelta(seconds=settings.TURN_MAIL_DELAY)
    assert delay <= game.turn_mail_at - game.started_at < delay + timedelta(seconds=1)
    assert mails_due.send_due_mails(now=game.turn_mail_at - timedelta(seconds=1)) == 0
    assert mails_due.send_due_mails(now=game.turn_mail_at) == 1
    assert mails_due.send_due_mails(now=game.turn_mail_at) == 0  # claimed: sent once
    assert notifications(enqueued, "your_turn") == [("your_turn", alice.pk, game.pk, 0)]
    assert run_enqueued() == [True]
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["alice@example.com"]
    assert Game.objects.get(pk=game.pk).turn_mail_at is None


def test_the_turn_mail_tells_what_happened_since_the_last_turn(
    table_with_mail, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks, sweep_mails
):
    game = play_turn(alice, table_with_mail, 0, django_capture_on_commit_callbacks)
    assert sweep_mails(game) == 1
    assert notifications(enqueued, "your_turn") == [("your_turn", bob.pk, game.pk, 2)]
    assert run_enqueued() == [True]
    message = mail.outbox[-1]
    assert message.to == ["bob@example.com"] and message.subject == f"Your turn in Capitalla #{game.pk}"
    assert "Since your last turn:" in message.body
    assert "- Alice drew from the draw pile." in message.body or "- Alice took" in message.body
    assert "- Alice discarded" in message.body
    assert f"(turn time: {turn_time_label(game.turn_seconds)})" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html" and "Continue to your game" in html
    assert f"/games/{game.pk}/continue/" in message.body and "?sesame=" in message.body


def test_the_turn_mail_quotes_what_the_others_said_meanwhile(
    table_with_mail, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks, sweep_mails
):
    table_talk.say(alice, table_with_mail.pk, "before my move")
    game = play_turn(alice, table_with_mail, 0, django_capture_on_commit_callbacks)
    table_talk.say(alice, game.pk, "your move <Bob>")
    table_talk.say(bob, game.pk, "my own line")  # not news to Bob
    sweep_mails(game)
    run_enqueued()
    message = mail.outbox[-1]
    assert "At the table, meanwhile:\n- Alice: before my move\n- Alice: your move <Bob>\n" in message.body
    assert "my own line" not in message.body
    html, _ = message.alternatives[0]
    assert "<li>Alice: your move &lt;Bob&gt;</li>" in html


def test_a_mail_queued_under_its_name_from_before_the_apps_moved_is_sent_once(table_with_mail, enqueued, sweep_mails):
    # A turn mail the sweeper published just before an upgrade, under the task's old name.
    sweep_mails(table_with_mail)
    args = notifications(enqueued, "your_turn")[0]
    old_name = enqueue.celery_app.tasks["games.tasks.send_notification"]
    assert old_name(*args) is True
    assert mailroom.tasks.send_notification(*args) is False
    assert len(mail.outbox) == 1


def test_a_notification_delivered_twice_sends_one_mail(table_with_mail, alice, enqueued, sweep_mails):
    sweep_mails(table_with_mail)
    args = notifications(enqueued, "your_turn")[0]
    assert mailroom.tasks.send_notification(*args) is True
    assert mailroom.tasks.send_notification(*args) is False
    assert len(mail.outbox) == 1
    assert Notification.objects.filter(user=alice, kind="your_turn").count() == 1
    assert Notification.objects.get(user=alice).sent_at is not None


def test_the_result_mails_fall_due_when_the_game_ends(
    table_with_mail, alice, bob, enqueued, sweep_mails, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = player_moves.resign(alice, table_with_mail.pk)
    assert enqueued == [] and game.result_mail_at is not None  # the move publishes nothing
    assert sweep_mails(game, "result_mail_at") == 2
    assert sorted(args[1] for args in notifications(enqueued, "game_over")) == sorted([alice.pk, bob.pk])
    assert Game.objects.get(pk=game.pk).result_mail_at is None


def test_with_the_broker_down_the_result_mails_wait_for_the_next_pass(table_with_mail, alice, monkeypatch, sweep_mails):
    game = player_moves.resign(alice, table_with_mail.pk)
    real_send_task = enqueue.celery_app.send_task
    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    assert sweep_mails(game, "result_mail_at") == 0
    assert Game.objects.get(pk=game.pk).result_mail_at == game.result_mail_at  # put back, not lost
    monkeypatch.setattr(enqueue.celery_app, "send_task", real_send_task)
    assert sweep_mails(game, "result_mail_at") == 2


def test_no_turn_mail_when_the_player_moves_before_it_is_due(
    table_with_mail, alice, enqueued, django_capture_on_commit_callbacks
):
    due = Game.objects.get(pk=table_with_mail.pk).turn_mail_at
    with django_capture_on_commit_callbacks(execute=True):
        player_moves.play_move(
            alice, table_with_mail.pk, 0, table_with_mail.rules.legal_moves(table_with_mail.state, 0)[0]
        )
    assert Game.objects.get(pk=table_with_mail.pk).turn_mail_at is None
    assert mails_due.send_due_mails(now=due) == 0 and enqueued == []


def test_a_turn_mail_is_dropped_when_the_player_moved_after_it_was_enqueued(
    table_with_mail, alice, enqueued, django_capture_on_commit_callbacks, sweep_mails
):
    sweep_mails(table_with_mail)
    args = notifications(enqueued, "your_turn")[0]
    with django_capture_on_commit_callbacks(execute=True):
        player_moves.play_move(
            alice, table_with_mail.pk, 0, table_with_mail.rules.legal_moves(table_with_mail.state, 0)[0]
        )
    assert mailroom.tasks.send_notification(*args) is False
    assert mail.outbox == [] and not Notification.objects.exists()


def test_with_the_broker_down_the_turn_mail_waits_for_the_next_pass(table_with_mail, alice, monkeypatch):
    real_send_task = enqueue.celery_app.send_task
    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    due = Game.objects.get(pk=table_with_mail.pk).turn_mail_at
    assert mails_due.send_due_mails(now=due) == 0
    assert Game.objects.get(pk=table_with_mail.pk).turn_mail_at == due  # put back, not lost
    monkeypatch.setattr(enqueue.celery_app, "send_task", real_send_task)
    assert mails_due.send_due_mails(now=due) == 1


def test_the_reminder_goes_once_when_four_fifths_of_the_turn_are_gone(
    table_with_mail, alice, enqueued, run_enqueued, sweep_mails
):
    sweep_mails(table_with_mail)
    run_enqueued()
    game = Game.objects.get(pk=table_with_mail.pk)
    assert mails_due.send_due_mails(now=game.remind_at - timedelta(seconds=1)) == 0
    assert mails_due.send_due_mails(now=game.remind_at) == 1
    assert mails_due.send_due_mails(now=game.remind_at) == 0
    assert run_enqueued() == [True]
    reminder = mail.outbox[-1]
    assert reminder.subject.startswith(f"Reminder: Capitalla #{game.pk}, play by ")
    assert Game.objects.get(pk=game.pk).remind_at is None


def test_game_over_mails_everyone_with_the_result(table_with_mail, alice, bob, enqueued, run_enqueued, sweep_mails):
    game = player_moves.resign(alice, table_with_mail.pk)
    sweep_mails(game, "result_mail_at")
    assert sorted(a[1] for a in notifications(enqueued, "game_over")) == sorted([alice.pk, bob.pk])
    run_enqueued()
    over = {m.to[0]: m for m in mail.outbox if "is over" in m.subject}
    assert set(over) == {"alice@example.com", "bob@example.com"}
    assert over["bob@example.com"].subject == f"Capitalla #{table_with_mail.pk} is over: you won"
    assert over["alice@example.com"].subject == f"Capitalla #{table_with_mail.pk} is over: Bob won"
    assert "Bob won: everyone else is out of the game." in over["bob@example.com"].body
    assert "Congratulations!" in over["bob@example.com"].body
    assert "Congratulations!" not in over["alice@example.com"].body


def test_no_turn_mails_for_live_tables_or_players_who_said_no(
    mailable, enqueued, django_capture_on_commit_callbacks, sweep_mails
):
    alice, bob = mailable
    live = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=30)
    lifecycle.join_table(bob, live.pk)
    with django_capture_on_commit_callbacks(execute=True):
        live = lifecycle.start_table(alice, live.pk)
    assert enqueued == [] and live.turn_mail_at is None and live.remind_at is None
    alice.email_notifications = "off"
    alice.save()
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        game = lifecycle.start_table(alice, game.pk)
    assert sweep_mails(game) == 0 and sweep_mails(game, "remind_at") == 0
    assert enqueued == []
    # A mail enqueued before the player turned mail off is not sent either.
    assert mailroom.tasks.send_notification("your_turn", alice.pk, game.pk, 0) is False


def test_every_mail_has_one_click_unsubscribe_headers(table_with_mail, run_enqueued, sweep_mails):
    sweep_mails(table_with_mail)
    run_enqueued()
    message = mail.outbox[0]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert "/email/unsubscribe/" in url and url in message.body


def test_a_rematch_invites_the_others_by_mail_once_while_a_seat_waits(
    table_with_mail, alice, bob, enqueued, run_enqueued, sweep_mails, settings
):
    game = player_moves.resign(alice, table_with_mail.pk)
    sweep_mails(game, "result_mail_at")
    enqueued.clear()
    following = lifecycle.rematch(bob, game.pk)
    assert sweep_mails(following, "invite_mail_at") == 1  # Alice: Bob is at the table already
    assert notifications(enqueued, "rematch") == [("rematch", alice.pk, following.pk, 0)]
    assert run_enqueued("send_notification") == [True]
    message = mail.outbox[-1]
    assert message.to == ["alice@example.com"]
    assert message.subject == f"Bob wants a rematch of Capitalla #{game.pk}"
    # The old game is over, so its page with "Join the rematch" is a plain link, no sign-in.
    assert f"{settings.SITE_URL}/games/{game.pk}/\n" in message.body and "sesame" not in message.body
    assert mailroom.tasks.send_notification("rematch", alice.pk, following.pk, 0) is False  # sent once


def test_no_invitation_once_the_player_joined_or_the_table_was_dealt(
    table_with_mail, alice, bob, enqueued, sweep_mails
):
    game = player_moves.resign(alice, table_with_mail.pk)
    sweep_mails(game, "result_mail_at")
    following = lifecycle.rematch(bob, game.pk)
    lifecycle.rematch(alice, game.pk)  # Alice came to the table before the mail was due
    assert sweep_mails(following, "invite_mail_at") == 0
    assert mailroom.tasks.send_notification("rematch", alice.pk, following.pk, 0) is False
    dealt = lifecycle.start_table(bob, following.pk)
    assert dealt.invite_mail_at is None


def test_a_transient_smtp_error_leaves_the_mail_due_for_its_next_try(
    table_with_mail, alice, monkeypatch, enqueued, run_enqueued
):
    import smtplib

    from django.core.mail import EmailMultiAlternatives

    real_send = EmailMultiAlternatives.send

    def server_gone(self, *args, **kwargs):
        raise smtplib.SMTPServerDisconnected("connection lost")

    monkeypatch.setattr(EmailMultiAlternatives, "send", server_gone)
    assert mailroom.tasks.send_notification("your_turn", alice.pk, table_with_mail.pk, 0) is False
    row = Notification.objects.get()  # kept, not counted as failed: the sweeper offers it again
    assert (row.attempts, row.sent_at, row.failed_at) == (1, None, None)
    assert "connection lost" in row.error and row.next_try_at > row.created_at
    monkeypatch.setattr(EmailMultiAlternatives, "send", real_send)
    assert delivery.retry_due_mails(now=row.next_try_at) == 1
    assert notifications(enqueued, "your_turn") == [("your_turn", alice.pk, table_with_mail.pk, 0, 1)]
    assert run_enqueued() == [True]
    row.refresh_from_db()
    assert row.sent_at is not None and row.next_try_at is None and row.error == ""


def test_after_an_absence_the_turn_mail_tells_what_happened_while_away(
    table_with_mail, alice, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks, sweep_mails
):
    # Coming back is an event at Bob's seat, but no turn of his: the mail still tells him
    # what Alice did while he was away.
    Game.objects.filter(pk=table_with_mail.pk).update(absences_stop_clock=True)
    today = timezone.localdate()
    absence = absences.announce_absence(bob, today, today + timedelta(days=2))
    absences.apply_due_absences()
    game = play_turn(alice, table_with_mail, 0, django_capture_on_commit_callbacks)
    absences.end_absence(bob, absence.pk)
    kinds = list(Event.objects.filter(game=game).order_by("seq").values_list("seat", "move__type"))
    assert kinds[0] == (1, "absence_starts") and kinds[-1] == (1, "absence_ends")
    sweep_mails(Game.objects.get(pk=game.pk))
    run_enqueued()
    message = mail.outbox[-1]
    assert message.to == ["bob@example.com"] and "Since your last turn:" in message.body
    assert "- Alice discarded" in message.body


def test_the_moves_a_stand_in_made_for_a_player_are_not_their_last_turn(table_with_mail, alice, bob):
    # Bob's own move (seq 1), then Alice's; Bob ran out of time and the stand-in played for
    # him (2-4); Alice moved (5); a bot took his seat (6-7) and played it (8) until he came
    # back (9-10). His last own move is still the first.
    game = table_with_mail
    for seat, kind in [
        (1, "draw"),
        (0, "draw"),
        (1, "timeout"),
        (1, "draw"),
        (1, "discard"),
        (0, "discard"),
        (1, "timeout"),
        (1, "takeover"),
        (1, "draw"),
        (1, "back"),
        (1, "extra_time"),
    ]:
        game.record_event(seat, {"type": kind}, "{player} moved.")
    first = Event.objects.get(game=game, seq=1)
    assert turn_mails._last_own_move(game, 1, game.version) == (1, first.created_at)
    assert turn_mails._last_own_move(game, 0, game.version) == (6, ANY)
    assert turn_mails._last_own_move(game, 1, 0) is None
