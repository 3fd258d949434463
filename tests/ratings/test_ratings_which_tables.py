"""Which tables count: rated tables are for people only (no bots, no stand-in bot: a seat
whose time runs out is out and loses), they start once people take every seat, quick
games are never rated, and a table closed before the deal counts for nothing."""

from datetime import timedelta

import pytest

from ratings.models import Rating, RatingChange
from tables.actions import errors, lifecycle, player_moves, turn_timeouts
from tables.models import Game

pytestmark = pytest.mark.django_db

FORFEIT = Game.TimeoutPolicy.FORFEIT


def test_a_rated_table_takes_no_bots(alice):
    with pytest.raises(errors.ServiceError, match="A rated table seats only people: it takes no bots") as refused:
        lifecycle.create_table(alice, "capitalla", seats=3, bots=1, rated=True, timeout_policy=FORFEIT)
    assert refused.value.status == 400
    assert not Game.objects.exists()


def test_a_rated_table_has_no_stand_in_bot_for_a_missed_turn(alice):
    with pytest.raises(errors.ServiceError, match="choose “The player is out”"):
        lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy=Game.TimeoutPolicy.BOT)
    assert not Game.objects.exists()


def test_a_rated_table_starts_only_once_people_take_every_seat(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=3, rated=True, timeout_policy=FORFEIT)
    lifecycle.join_table(bob, game.pk)
    with pytest.raises(errors.Conflict, match="A rated table seats only people: wait for every seat"):
        lifecycle.start_table(alice, game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and len(game.seat_list) == 2


def test_an_account_without_a_confirmed_address_neither_hosts_nor_joins_a_rated_table(alice, bob):
    # Throw-away accounts each cost an address: else five sign-ups resigning at once fed
    # a rating to the top of the list in minutes.
    bob.email = "bob-new@example.com"
    bob.save(update_fields=["email"])
    game = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy=FORFEIT)
    with pytest.raises(errors.Forbidden, match="confirmed mail address") as refused:
        lifecycle.join_table(bob, game.pk)
    assert refused.value.status == 403 and game.seats.count() == 1
    with pytest.raises(errors.Forbidden, match="confirmed mail address"):
        lifecycle.create_table(bob, "capitalla", seats=2, rated=True, timeout_policy=FORFEIT)
    assert lifecycle.join_table(bob, lifecycle.create_table(alice, "capitalla", seats=2).pk)  # unrated: welcome


def test_a_timed_out_seat_is_out_and_loses(rated, alice, bob):
    game = rated([alice, bob])
    assert game.clock_seat == 0
    turn_timeouts.expire_overdue_turns(now=game.deadline + timedelta(seconds=1))
    assert RatingChange.objects.get(user=alice).rank == 2
    assert RatingChange.objects.get(user=bob).rank == 1


def test_a_quick_game_is_never_rated(alice):
    game = lifecycle.quick_game(alice, "capitalla")
    assert not game.rated


def test_a_table_closed_before_the_deal_counts_for_nothing(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy=FORFEIT)
    lifecycle.join_table(bob, game.pk)
    assert lifecycle.close_table(alice, game.pk).status == Game.Status.ABANDONED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rematch_of_a_rated_game_is_rated_and_waits_for_the_people(won_by, alice, bob):
    game = won_by(alice, [alice, bob])
    following = lifecycle.rematch(alice, game.pk)
    assert following.rated and following.status == Game.Status.OPEN
    assert following.timeout_policy == FORFEIT and all(not s.is_bot for s in following.seat_list)


def test_a_rated_game_with_a_bot_seat_counts_for_nothing(alice):
    """Should a bot get to a rated table anyway (an old row, an admin's edit), the game is not rated."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1, timeout_policy=FORFEIT)
    game = lifecycle.start_table(alice, game.pk)
    Game.objects.filter(pk=game.pk).update(rated=True)
    assert player_moves.resign(alice, game.pk).status == Game.Status.FINISHED
    assert not RatingChange.objects.exists()


def test_the_pages_offer_an_unconfirmed_account_no_seat_at_a_rated_table_and_say_why(client, alice, bob):
    # Found by a QA pass: "Join" was offered, and refused only after the click.
    game = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy=FORFEIT)
    bob.email = "bob-new@example.com"
    bob.save(update_fields=["email"])
    client.force_login(bob)
    for page in (client.get("/").content.decode(), client.get(game.get_absolute_url()).content.decode()):
        assert "Confirm your mail address</a> to join" in page or "confirm yours</a> to join" in page
        assert f'action="/games/{game.pk}/join/"' not in page
