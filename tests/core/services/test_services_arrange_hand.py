"""Arranging my hand: the order I dragged my cards to, or the sort I chose, is kept on my
seat and never changes the game. Only my own cards, each once, in a bounded list."""

import pytest

from tables.actions import errors, hand_arrangement, lifecycle
from tables.models import Seat

pytestmark = pytest.mark.django_db


def hand_of(game, index):
    return game.rules.view(game.state, index)["hand"]


def seat_of(game, user):
    return Seat.objects.get(game=game, user=user)


def test_my_order_is_kept_on_my_seat_and_the_game_does_not_change(alice, table, snapshot):
    before = snapshot(table)
    order = hand_of(table, 0)[::-1]
    hand_arrangement.arrange_hand(alice, table.pk, order=order)
    assert seat_of(table, alice).hand_order == order
    assert snapshot(table) == before


def test_a_sort_undoes_the_dragging(alice, table):
    hand_arrangement.arrange_hand(alice, table.pk, order=hand_of(table, 0)[:3])
    hand_arrangement.arrange_hand(alice, table.pk, sort="initial")
    seat = seat_of(table, alice)
    assert (seat.hand_sort, seat.hand_order) == ("initial", [])


@pytest.mark.parametrize(
    "order",
    [
        [],  # nothing
        "FRA",  # not a list
        [1, 2],  # not card ids
        "twice",  # a card twice
        "theirs",  # a card of bob's hand
        ["XXX"],  # no card at all
        ["FRA"] * 500,  # too long
    ],
)
def test_an_order_naming_other_than_my_cards_once_is_refused(alice, table, order):
    mine, theirs = hand_of(table, 0), hand_of(table, 1)
    if order in ("twice", "theirs"):
        order = [mine[0], mine[0]] if order == "twice" else [mine[0], theirs[0]]
    with pytest.raises(errors.ServiceError) as refused:
        hand_arrangement.arrange_hand(alice, table.pk, order=order)
    assert refused.value.status == 400
    assert seat_of(table, alice).hand_order == []


def test_an_unknown_sort_is_refused(alice, table):
    with pytest.raises(errors.ServiceError, match="Sort the hand by initial."):
        hand_arrangement.arrange_hand(alice, table.pk, sort="colour")


def test_only_a_player_arranges_their_hand(charlie, table):
    with pytest.raises(errors.Forbidden):
        hand_arrangement.arrange_hand(charlie, table.pk, order=hand_of(table, 0))
    with pytest.raises(errors.NotFound):
        hand_arrangement.arrange_hand(charlie, table.pk + 1000, order=hand_of(table, 0))


def test_a_private_table_is_not_found_by_an_outsider(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    with pytest.raises(errors.NotFound):
        hand_arrangement.arrange_hand(charlie, game.pk, order=hand_of(game, 0))


def test_a_table_not_in_play_has_no_hand_to_arrange(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    with pytest.raises(errors.Conflict):
        hand_arrangement.arrange_hand(alice, game.pk, sort="initial")
