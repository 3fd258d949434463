"""Bot turns as the worker runs them, called directly: idempotent and self-chaining."""

import pytest

from tables.actions import bot_play, enqueue, lifecycle, player_moves, turn_timeouts
from tables.models import Event, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_vs_bot(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)
    return lifecycle.start_table(alice, game.pk)


def play_first_legal(user, game, seat):
    return player_moves.play_move(user, game.pk, game.version, game.rules.legal_moves(game.state, seat)[0])


def test_a_bot_turn_delivered_twice_applies_one_move(alice, alice_vs_bot):
    game = play_first_legal(alice, alice_vs_bot, 0)
    game = play_first_legal(alice, game, 0)
    assert game.to_act == [1] and game.bot_due_at is not None
    assert bot_play.play_bot_turn(game.pk, 2) is True
    assert bot_play.play_bot_turn(game.pk, 2) is False
    assert Event.objects.filter(game=game).count() == 3


def test_no_bot_move_when_a_human_is_to_act(alice_vs_bot):
    assert bot_play.play_bot_turn(alice_vs_bot.pk, 0) is False
    assert alice_vs_bot.bot_due_at is None


def test_a_bot_table_plays_to_the_end(alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=4, bots=4).pk)
    for _ in range(5000):
        if not bot_play.play_bot_turn(game.pk, game.version):
            break
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result is not None and game.bot_due_at is None
    assert Event.objects.filter(game=game).count() == game.version


def test_a_move_lands_when_the_broker_is_down(alice, alice_vs_bot, monkeypatch, django_capture_on_commit_callbacks):
    def broker_down(*args, **kwargs):
        raise ConnectionError("broker unreachable")

    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    game = play_first_legal(alice, alice_vs_bot, 0)
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_legal(alice, game, 0)
    game.refresh_from_db()
    assert game.version == 2 and game.to_act == [1]


def test_the_sweeper_requeues_an_overdue_bot_turn_once(
    alice, alice_vs_bot, monkeypatch, settings, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    sent = []
    monkeypatch.setattr(enqueue.celery_app, "send_task", lambda name, args, **kw: sent.append(args))
    game = play_first_legal(alice, alice_vs_bot, 0)
    game = play_first_legal(alice, game, 0)
    # The turn was published with the move (and lost): it goes again once BOT_TURN_RESEND passed.
    later = timezone.now() + timedelta(seconds=settings.BOT_TURN_RESEND + 5)
    with django_capture_on_commit_callbacks(execute=True):
        assert bot_play.requeue_overdue_bot_turns(now=later) == 1
        assert bot_play.requeue_overdue_bot_turns(now=later) == 0
    assert sent == [(game.pk, 2)]


def test_with_the_broker_down_a_timeout_still_lands_and_the_sweeper_enqueues_the_bot_later(
    alice, alice_vs_bot, monkeypatch, settings, django_capture_on_commit_callbacks, no_declarations
):
    """Bot policy, third miss: the take-over needs a bot turn, the broker is down, and the
    sweeper enqueues the overdue turn once the broker is back."""
    from datetime import timedelta

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker unreachable")

    monkeypatch.setattr(enqueue.celery_app, "send_task", broker_down)
    game = alice_vs_bot
    for miss in range(1, 4):
        with django_capture_on_commit_callbacks(execute=True):
            assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
        game.refresh_from_db()
        assert game.seats.get(index=0).missed_turns == miss
        while miss < 3 and game.to_act == [1]:  # the opponent bot, its task lost: run it by hand
            assert bot_play.play_bot_turn(game.pk, game.version)
            game.refresh_from_db()
    assert game.seats.get(index=0).away and game.to_act == [0] and game.bot_due_at is not None

    sent = []
    monkeypatch.setattr(enqueue.celery_app, "send_task", lambda name, args, **kw: sent.append((name, args)))
    later = game.bot_due_at + timedelta(seconds=settings.BOT_TURN_GRACE + 1)
    with django_capture_on_commit_callbacks(execute=True):
        assert bot_play.requeue_overdue_bot_turns(now=later) == 1
        assert bot_play.requeue_overdue_bot_turns(now=later) == 0
    assert sent == [("tables.tasks.play_bot_turn", (game.pk, game.version))]
    assert bot_play.play_bot_turn(game.pk, game.version)  # the worker takes the seat's turn
