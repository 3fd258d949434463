"""Three missed turns in a row: a bot takes the seat over until the player says they are back."""

from datetime import timedelta

import pytest

from tables.actions import bot_play, errors, lifecycle, player_moves, turn_timeouts
from tables.models import Event, Game
from tables.replay import replay

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_declarations")]


@pytest.fixture
def alice_vs_bot(alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)
    return lifecycle.start_table(alice, game.pk)


def miss_turn(game_id):
    """Let the clock of whoever is to act run out, then let the bot opponent play until
    Alice's clock runs again."""
    game = Game.objects.get(pk=game_id)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
    game.refresh_from_db()
    while game.deadline is None and game.status == Game.Status.ACTIVE and not game.seats.get(index=0).away:
        assert bot_play.play_bot_turn(game.pk, game.version)
        game.refresh_from_db()
    return game


def test_the_third_miss_in_a_row_hands_the_seat_to_a_bot(alice_vs_bot):
    miss_turn(alice_vs_bot.pk)
    game = miss_turn(alice_vs_bot.pk)
    assert game.seats.get(index=0).missed_turns == 2 and not game.seats.get(index=0).away
    assert turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1)) == 1
    game.refresh_from_db()
    seat = game.seats.get(index=0)
    assert seat.away and seat.missed_turns == 3
    assert [e.move["type"] for e in game.events.order_by("-seq")[:2]][::-1] == ["timeout", "takeover"]
    # From now on the seat is played by the ordinary bot-turn tasks: no clock, a bot turn due.
    assert game.to_act == [0] and game.deadline is None and game.bot_due_at is not None
    assert bot_play.play_bot_turn(game.pk, game.version)
    game.refresh_from_db()
    assert game.events.last().seat == 0 and game.events.last().move["type"] == "draw"


def test_a_taken_over_seat_plays_on_by_itself(alice_vs_bot):
    for _ in range(3):
        game = miss_turn(alice_vs_bot.pk)
    seats_moved = set()
    for _ in range(12):  # three rounds pass without Alice, and without any clock
        assert game.deadline is None
        seats_moved.add(game.to_act[0])
        assert bot_play.play_bot_turn(game.pk, game.version)
        game.refresh_from_db()
    assert seats_moved == {0, 1}
    assert game.seats.get(index=0).missed_turns == 3  # a bot's moves are not the player's
    assert replay(game) == game.state


def test_im_back_returns_the_seat(alice_vs_bot, alice):
    miss_turn(alice_vs_bot.pk)
    miss_turn(alice_vs_bot.pk)
    game = Game.objects.get(pk=alice_vs_bot.pk)
    turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1))  # the third miss
    game.refresh_from_db()
    assert game.to_act == [0] and game.seats.get(index=0).away
    with pytest.raises(errors.Conflict):  # a bot plays the seat: no moves by hand
        player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    game = bot_play.come_back(alice, game.pk)
    seat = game.seats.get(index=0)
    assert not seat.away and seat.missed_turns == 0
    assert game.events.last().move == {"type": "back"}
    assert game.clock_seat == 0 and game.deadline is not None and game.bot_due_at is None
    # The bot turn enqueued before she came back is now stale: it does nothing.
    assert bot_play.play_bot_turn(game.pk, game.version - 1) is False
    assert bot_play.play_bot_turn(game.pk, game.version) is False
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    assert game.events.last().move["type"] == "draw"


def test_only_an_away_player_can_come_back(table, alice):
    with pytest.raises(errors.Conflict):
        bot_play.come_back(alice, table.pk)
    assert Event.objects.filter(game=table).count() == 0
