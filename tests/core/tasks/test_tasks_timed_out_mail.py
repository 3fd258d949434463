"""The player whose time ran out hears what it did. Found by a QA pass: a player whose seat
a bot took over after three missed turns, or who was put out by a forfeit table's clock,
heard nothing until the result; and the reminder before the third miss said only that a
bot would play that turn."""

from datetime import timedelta

import pytest
from django.core import mail

from mailroom.models import Notification
from mailroom.notifications import sending
from tables.actions import bot_play, lifecycle, turn_timeouts
from tables.models import Game
from tests.core.services.test_services_takeover import miss_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_declarations")]


def send_timed_out(user, game) -> bool:
    row = Notification.objects.get(user=user, kind="timed_out")
    return sending.send_notification("timed_out", user.pk, game.pk, row.version)


@pytest.fixture
def alice_vs_bot(alice):
    return lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=1).pk)


def test_the_reminder_before_the_third_miss_says_a_bot_keeps_the_seat(alice, alice_vs_bot):
    miss_turn(alice_vs_bot.pk)
    game = miss_turn(alice_vs_bot.pk)
    assert sending.send_notification("reminder", alice.pk, game.pk, game.version) is True
    assert "keeps your seat until you come back" in " ".join(mail.outbox[-1].body.split())


def test_a_bot_taking_the_seat_is_told_and_moot_once_the_player_is_back(alice, alice_vs_bot):
    for _ in range(bot_play.MISSES_BEFORE_TAKEOVER):
        game = miss_turn(alice_vs_bot.pk)
    assert game.seats.get(index=0).away
    assert send_timed_out(alice, game) is True
    sent = mail.outbox[-1]
    assert sent.subject == f"A bot plays your seat in Capitalla #{game.pk}"
    body = " ".join(sent.body.split())
    assert 'Press "I\'m back" on the table' in body and "3 turns run out in a row" in body
    bot_play.come_back(alice, game.pk)
    Notification.objects.filter(kind="timed_out").update(sent_at=None, attempts=0)
    assert send_timed_out(alice, game) is False and len(mail.outbox) == 1  # back: old news
    assert not Notification.objects.filter(kind="timed_out").exists()


def test_a_player_put_out_by_the_clock_is_told_while_the_game_goes_on(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3, timeout_policy="forfeit")
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1))
    assert send_timed_out(alice, Game.objects.get(pk=game.pk)) is True
    assert mail.outbox[-1].subject == f"Your time ran out in Capitalla #{game.pk}"
    assert "out of the game: it goes on without you" in " ".join(mail.outbox[-1].body.split())


def test_heads_up_the_result_tells_it_instead(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, timeout_policy="forfeit")
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert not Notification.objects.filter(kind="timed_out").exists()
