"""The ante is paid on sitting down and held in the pot until the deal; it goes back to a
player who leaves before it, whose seat the host frees, or whose table is closed. Found
by a QA pass: the ante was only checked on joining, so one account sat at several staked
tables it could not all cover, and each host's Start failed with no way to tell why."""

import pytest
from django.db import connection

from ledger import chips
from tables.actions import errors, lifecycle, player_moves
from tables.management.commands.verify_ledger import problems
from tables.models import Game
from tests.at_once import run_together

pytestmark = pytest.mark.django_db


def balance(user) -> int:
    return chips.balance_of(user)


def test_sitting_down_pays_the_ante_and_leaving_gets_it_back(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    assert (balance(alice), chips.pot_of(game).balance()) == (900, 100)
    lifecycle.join_table(bob, game.pk)
    assert (balance(bob), chips.pot_of(game).balance()) == (900, 200)
    lifecycle.leave_table(bob, game.pk)
    assert (balance(bob), chips.pot_of(game).balance()) == (1000, 100)
    lifecycle.join_table(bob, game.pk)  # back again: pays again, once
    lifecycle.start_table(alice, game.pk)
    assert (balance(alice), balance(bob), chips.pot_of(game).balance()) == (900, 900, 200)
    assert problems() == []


def test_one_account_cannot_sit_at_more_staked_tables_than_it_can_cover(alice, bob, charlie):
    first = lifecycle.create_table(alice, "capitalla", seats=2, ante=600)
    second = lifecycle.create_table(charlie, "capitalla", seats=2, ante=600)
    lifecycle.join_table(bob, first.pk)
    with pytest.raises(errors.Conflict, match="The ante is 600 chips; you have only 400."):
        lifecycle.join_table(bob, second.pk)
    assert Game.objects.get(pk=second.pk).seat_of(bob) is None
    assert lifecycle.start_table(alice, first.pk).status == Game.Status.ACTIVE


def test_a_freed_seat_and_a_closed_table_give_each_ante_back_once(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.free_seat(alice, game.pk, 1)
    assert balance(bob) == 1000
    lifecycle.join_table(charlie, game.pk)  # the same seat, another player
    lifecycle.close_table(alice, game.pk)
    assert (balance(alice), balance(bob), balance(charlie)) == (1000, 1000, 1000)
    assert chips.pot_of(game).balance() == 0 and problems() == []


def test_the_pot_is_the_antes_of_those_dealt_in(alice, bob, charlie):
    """A seat left and taken again counts once: the winner takes two antes, not three."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.leave_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    assert game.status == Game.Status.FINISHED
    assert (balance(alice), balance(bob), balance(charlie)) == (900, 1000, 1100)
    assert chips.pot_of(game).balance() == 0 and problems() == []


@pytest.mark.django_db(transaction=True)
def test_two_tables_joined_at_once_take_no_more_than_the_balance(alice, bob, charlie):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL behaviour; set DATABASE_URL to run")
    tables = [lifecycle.create_table(host, "capitalla", seats=2, ante=600).pk for host in (alice, charlie)]
    outcomes = run_together(*(lambda pk=pk: lifecycle.join_table(bob, pk) and "seated" for pk in tables))
    assert sorted(outcomes) == ["Conflict", "seated"]
    assert balance(bob) == 400 and problems() == []
