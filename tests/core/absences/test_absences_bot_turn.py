"""An absence that starts or ends while a bot is to act records an event, so the game's
version moves on: the bot's turn asked for at the version before is dropped by the
worker, and the bot would stand still until the sweeper's resend (two minutes). The turn
is asked for again at the new version."""

from datetime import timedelta

import pytest

from tables.actions import absences, lifecycle
from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


@pytest.fixture
def bot_to_act(alice, enqueued, no_declarations):
    """Alice's correspondence table with two bots, her turn played: the first bot is to
    act, its turn asked for (and not yet played)."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=2, turn_seconds=86400)
    game = play_turn(alice, lifecycle.start_table(alice, game.pk), 0)
    enqueued.clear()
    assert game.to_act == [1]
    return game


def bot_turns(enqueued) -> list[tuple]:
    return [args for name, args, _ in enqueued if name == "play_bot_turn"]


def test_a_bot_plays_on_when_an_absence_starts_during_its_turn(
    alice, bot_to_act, enqueued, run_enqueued, go_away, commit
):
    with commit(execute=True):
        go_away(alice, bot_to_act.started_at + timedelta(hours=1))
    game = fresh(bot_to_act)
    assert game.version == bot_to_act.version + 1  # "Alice is away until …"
    assert bot_turns(enqueued) == [(game.pk, game.version)]
    assert run_enqueued("play_bot_turn") == [True]
    assert fresh(game).events.last().seat == 1  # the bot's draw


def test_a_bot_plays_on_when_an_absence_ends_during_its_turn(alice, enqueued, run_enqueued, go_away, commit):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=2, turn_seconds=86400)
    game = lifecycle.start_table(alice, game.pk)
    absence = go_away(alice, game.started_at)
    game = play_turn(alice, fresh(game), 0)
    enqueued.clear()
    with commit(execute=True):
        absences.end_absence(alice, absence.pk, now=game.started_at + timedelta(hours=1))
    game = fresh(game)
    assert game.events.last().move == {"type": "absence_ends"}
    assert bot_turns(enqueued) == [(game.pk, game.version)]
    assert run_enqueued("play_bot_turn") == [True]
    assert fresh(game).events.last().seat == 1  # the bot's draw


def test_an_absence_with_a_person_to_act_asks_for_no_bot_turn(alice, bob, enqueued, go_away, commit):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=1, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    enqueued.clear()
    with commit(execute=True):
        go_away(bob, game.started_at)
    assert fresh(game).version == game.version + 1 and not bot_turns(enqueued)
