"""The house, the bots' purse, was granted chips from nothing whenever it ran short. It is
never topped up again, the ledger never takes a bot's ante from it nor pays a bot into
it, and verify_ledger flags any grant to an account that is not a player's."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger import chips
from ledger.models import Account, Entry
from tables.actions import errors, lifecycle, player_moves
from tables.management.commands.verify_ledger import problems
from tables.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]


@pytest.fixture
def with_a_bot_seat(alice, bob):
    """A staked table with a bot seat slipped in behind the services' back (old data, a bug)."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=400)
    lifecycle.join_table(bob, game.pk)
    Seat.objects.create(game=game, index=2, bot_level="normal")
    return game


def test_starting_with_a_bot_seat_is_refused(alice, bob, with_a_bot_seat):
    with pytest.raises(errors.ServiceError, match="only people"):
        lifecycle.start_table(alice, with_a_bot_seat.pk)
    # Only the people's antes, paid as they sat down: none for the bot, none from the house.
    assert chips.balance_of(alice) == chips.balance_of(bob) == 1000 - 400
    assert not Entry.objects.exclude(reason__in=[Entry.Reason.GRANT, Entry.Reason.ANTE]).exists()
    assert sorted(Entry.objects.filter(reason=Entry.Reason.ANTE).values_list("seat", flat=True)) == [0, 1]
    assert not Entry.objects.filter(credit__kind=Account.Kind.HOUSE).exists()  # no top-up either


def test_settling_never_pays_a_bot_seat_into_the_house(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    Seat.objects.filter(game=game, index=2).update(user=None, bot_level="normal")  # charlie's seat, now a bot's
    player_moves.resign(alice, game.pk)
    game.refresh_from_db()
    with pytest.raises(errors.ServiceError, match="only people"):
        player_moves.resign(bob, game.pk)  # the bot seat would win the pot
    assert not Entry.objects.filter(credit__kind=Account.Kind.HOUSE).exists()


def test_verify_ledger_flags_a_grant_to_the_house(alice):
    call_command("verify_ledger")
    chips.grant(Account.objects.create(kind=Account.Kind.HOUSE), 500)
    assert any("House was granted 500 chips" in p for p in problems())
    with pytest.raises(CommandError):
        call_command("verify_ledger")
