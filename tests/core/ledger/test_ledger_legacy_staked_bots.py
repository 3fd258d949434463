"""The migration that closes staked tables opened with bots before they were refused:
every ante in such a pot goes back to whoever paid it, and the books stay balanced."""

from importlib import import_module

import pytest

from ledger import chips
from ledger.models import Account, Entry
from tables.actions import lifecycle
from tables.management.commands.verify_ledger import problems
from tables.models import Game, Seat
from tests.migration_states import apps_at

pytestmark = pytest.mark.django_db
close_staked_tables_with_bots = import_module(
    "games.migrations.0009_staked_tables_without_bots"
).close_staked_tables_with_bots


def legacy_staked_game_with_a_bot(alice, status):
    """What the site made before: a bot's seat at a staked table, its ante paid by the house."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    Seat.objects.create(game=game, index=1, bot_level="normal")
    if status == Game.Status.ACTIVE:
        house = Account.objects.create(kind=Account.Kind.HOUSE)
        chips.grant(house, 100)
        pot = chips.pot_of(game)
        Entry.objects.create(
            debit=chips.player_account(alice), credit=pot, amount=100, reason="ante", game=game, seat=0
        )
        Entry.objects.create(debit=house, credit=pot, amount=100, reason="ante", game=game, seat=1)
        Game.objects.filter(pk=game.pk).update(status=status)
    return game


@pytest.mark.parametrize("status", [Game.Status.OPEN, Game.Status.ACTIVE])
def test_a_staked_table_with_a_bot_is_closed_and_its_antes_go_back(alice, bob, status):
    stuck = legacy_staked_game_with_a_bot(alice, status)
    fine = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, fine.pk)
    close_staked_tables_with_bots(apps_at("games", "0009_staked_tables_without_bots"), None)
    assert Game.objects.get(pk=stuck.pk).status == Game.Status.ABANDONED
    assert Game.objects.get(pk=fine.pk).status == Game.Status.OPEN
    assert chips.balance_of(alice) == 1000 - 100  # her ante at the fine table, paid on sitting down
    assert chips.pot_of(stuck).balance() == 0
    # The house's old top-up stays on the books as what it was: chips printed.
    legacy = ["House was granted 100 chips but is not a player's account"] if status == Game.Status.ACTIVE else []
    assert problems() == legacy
