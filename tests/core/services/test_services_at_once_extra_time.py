"""Extra time in a step where the seats act at once: a seated player who is not to act
(or has chosen already) may give the shared clock one more of its length, once per step,
never beyond two of them from now; those still to choose may not give it to themselves."""

from datetime import timedelta

import pytest

from tables.actions import clocks, errors, player_moves, time_grants
from tables.models import Event, Game
from tables.move_log import in_words

pytestmark = pytest.mark.django_db

ONE = {"type": "pick", "number": 1}
CLOCK = timedelta(seconds=clocks.at_once_seconds(3600))


def test_charlie_who_chose_gives_the_others_more_time_once(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    deadline, remind_at = game.deadline, game.remind_at
    game = time_grants.grant_extra_time(charlie, game.pk, game.version)
    assert game.deadline == deadline + CLOCK and game.remind_at == remind_at + CLOCK
    assert game.extra_time_used and game.clock_at_once
    event = Event.objects.get(game=game, seq=game.version)
    assert (event.seat, event.move) == (2, {"type": "extra_time", "seconds": 900, "to": [0, 1]})
    said = in_words(event.history_row(), ["Alice", "Bob", "Charlie"].__getitem__)
    assert said == "Charlie gave Alice and Bob 15 minutes more to choose."
    with pytest.raises(errors.Conflict, match="This step has already been given extra time"):
        time_grants.grant_extra_time(charlie, game.pk, game.version)
    assert Game.objects.get(pk=game.pk).deadline == deadline + CLOCK


def test_the_extra_time_stays_through_the_others_choices(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    game = time_grants.grant_extra_time(charlie, game.pk, game.version)
    extended = game.deadline
    game = player_moves.play_move(alice, game.pk, game.version, ONE)
    assert game.deadline == extended and game.extra_time_used


def test_a_player_still_to_choose_cannot_give_time(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    with pytest.raises(errors.Forbidden, match="cannot give yourself more time"):
        time_grants.grant_extra_time(alice, game.pk, game.version)
    assert Game.objects.get(pk=game.pk).version == 1


def test_extra_time_never_reaches_beyond_two_clocks_from_now(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    later = game.deadline + CLOCK / 2
    Game.objects.filter(pk=game.pk).update(deadline=later)
    game = time_grants.grant_extra_time(charlie, game.pk, game.version)
    assert later < game.deadline < later + CLOCK
    assert game.deadline - game.events.get(seq=game.version).created_at <= 2 * CLOCK


def test_a_new_step_may_be_given_extra_time_again(picks, alice, bob, charlie):
    game = picks(alice, bob, charlie, turn_seconds=3600)
    game = player_moves.play_move(charlie, game.pk, game.version, ONE)
    game = time_grants.grant_extra_time(charlie, game.pk, game.version)
    for user in (alice, bob):
        game = player_moves.play_move(user, game.pk, game.version, ONE)
    for user in (alice, bob, charlie):
        game = player_moves.play_move(user, game.pk, game.version, {"type": "pass"})
    assert game.state["round"] == 2 and game.clock_at_once and not game.extra_time_used
