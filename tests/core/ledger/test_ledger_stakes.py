"""Antes, the pot and payouts, kept as ledger entries."""

import pytest

from ledger import chips
from ledger.models import Entry
from tables.actions import errors, lifecycle, player_moves
from tables.management.commands.verify_ledger import problems
from tables.models import Game
from tables.plugins import Payout, split_pot

pytestmark = pytest.mark.django_db


def balance(user) -> int:
    return chips.balance_of(user)


def finish_by_resigning(game, *losers):
    for user in losers:
        game = player_moves.resign(user, game.pk)
    return game


def test_a_new_account_starts_with_the_grant(alice, settings):
    assert balance(alice) == settings.STARTING_CHIPS
    assert Entry.objects.get(credit__user=alice).reason == Entry.Reason.GRANT


def test_the_host_needs_the_ante_to_open_a_staked_table(alice, settings):
    with pytest.raises(errors.Conflict, match="ante"):
        lifecycle.create_table(alice, "capitalla", seats=2, ante=settings.STARTING_CHIPS + 1)
    assert not Game.objects.exists()


def test_joining_needs_the_chips(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=300)
    bobs_game = lifecycle.create_table(bob, "capitalla", seats=2, ante=800)
    lifecycle.join_table(charlie, bobs_game.pk)
    lifecycle.start_table(bob, bobs_game.pk)
    with pytest.raises(errors.Conflict, match="only 200"):
        lifecycle.join_table(bob, game.pk)
    assert game.seats.count() == 1


def test_starting_moves_every_ante_into_the_pot(staked, people):
    game = staked("capitalla", 4, ante=50)
    assert chips.pot_of(game).balance() == 200
    assert [balance(user) for user in people(4)] == [950] * 4
    payers = Entry.objects.filter(reason=Entry.Reason.ANTE).values_list("debit__user", flat=True)
    assert sorted(payers) == sorted(user.pk for user in people(4))


def test_capitalla_pays_the_whole_pot_to_the_winner(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = finish_by_resigning(lifecycle.start_table(alice, game.pk), bob, charlie)
    assert game.result["winners"] == [0]
    assert (balance(alice), balance(bob), balance(charlie)) == (1200, 900, 900)
    assert chips.pot_of(game).balance() == 0
    assert problems() == []


def test_a_forfeiting_players_ante_stays_in_the_pot(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = finish_by_resigning(lifecycle.start_table(alice, game.pk), charlie)
    assert game.status == Game.Status.ACTIVE
    assert chips.pot_of(game).balance() == 300
    assert not Entry.objects.filter(reason=Entry.Reason.REFUND).exists()
    finish_by_resigning(game, alice)
    assert balance(bob) == 1200 and balance(charlie) == 900


def test_closing_a_table_before_the_deal_gives_back_any_ante_paid(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    chips.collect_antes(game, game.seats.all(), alice)  # antes are paid at the deal; were any paid before,
    game = lifecycle.close_table(alice, game.pk)  # closing gives them back
    assert game.status == Game.Status.ABANDONED
    assert balance(alice) == balance(bob) == 1000
    assert chips.pot_of(game).balance() == 0
    assert problems() == []


def test_only_the_host_closes_a_table_and_only_before_the_deal(table, alice, bob):
    with pytest.raises(errors.Forbidden):
        lifecycle.close_table(bob, table.pk)
    with pytest.raises(errors.Conflict):
        lifecycle.close_table(alice, table.pk)


def test_settling_twice_pays_once(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = finish_by_resigning(lifecycle.start_table(alice, game.pk), bob)
    chips.settle(game, game.seats.all())
    assert Entry.objects.filter(reason=Entry.Reason.PAYOUT).count() == 1
    assert balance(alice) == 1100


def test_a_tie_splits_evenly_and_the_rest_goes_first_after_the_dealer():
    # Seats 0 and 2 share 101 chips; the dealer is seat 1, so seat 2 comes first after it.
    assert split_pot(101, [0, 2], players=3, after=1) == [Payout(2, 51), Payout(0, 50)]


def test_verify_ledger_finds_chips_left_in_an_ended_games_pot(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = finish_by_resigning(lifecycle.start_table(alice, game.pk), bob)
    Entry.objects.filter(reason=Entry.Reason.PAYOUT).delete()
    assert any("after the game ended" in p for p in problems())


def test_payouts_show_in_the_move_history_and_the_chip_history(client, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = finish_by_resigning(lifecycle.start_table(alice, game.pk), bob)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").text
    assert "Alice received 200 chips: payout." in page
    moves = page[page.index('id="history-title"') :]
    assert moves.index("Alice received 200 chips") < moves.index("Bob resigned")  # newest first
    assert "Alice received 200 chips: payout." in client.get(f"/games/{game.pk}/history/").text
    chips_page = client.get("/chips/").text
    assert "My chips: 1100" in chips_page and "+200" in chips_page and "-100" in chips_page
