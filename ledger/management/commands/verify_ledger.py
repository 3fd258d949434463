"""Check the ledger's invariants from its entries alone."""

from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Sum

from games.models import Game
from ledger.models import Account, Entry


def balances() -> dict[int, int]:
    """Every account's balance, from two grouped sums over the entries."""
    totals = Counter()
    for account, amount in Entry.objects.values_list("credit").annotate(total=Sum("amount")):
        totals[account] += amount
    for account, amount in Entry.objects.values_list("debit").annotate(total=Sum("amount")):
        totals[account] -= amount
    return totals


def problems() -> list[str]:
    found = []
    totals = balances()
    granted = Entry.objects.filter(reason=Entry.Reason.GRANT).aggregate(total=Sum("amount"))["total"] or 0
    accounts = Account.objects.exclude(kind=Account.Kind.BANK).select_related("game")
    held = sum(totals[a.pk] for a in accounts)
    if held != granted:
        found.append(f"balances and pots hold {held} chips but {granted} were granted")
    # Chips are issued only as a player's starting grant: any other grant printed them.
    minted = (
        Entry.objects.filter(reason=Entry.Reason.GRANT)
        .exclude(credit__kind=Account.Kind.PLAYER)
        .values_list("credit")
        .annotate(total=Sum("amount"))
    )
    by_pk = {a.pk: a for a in accounts}
    for account, amount in minted:
        found.append(f"{by_pk[account]} was granted {amount} chips but is not a player's account")
    for account in accounts:
        if totals[account.pk] < 0:
            found.append(f"{account} is below zero: {totals[account.pk]}")
        ended = (Game.Status.FINISHED, Game.Status.ABANDONED)
        if account.kind == Account.Kind.POT and account.game.status in ended and totals[account.pk] != 0:
            found.append(f"{account} holds {totals[account.pk]} chips after the game ended")
    return found


class Command(BaseCommand):
    help = (
        "Check that ended games' pots are empty, chips add up to the grants, only players were granted "
        "chips, and no balance is negative."
    )

    def handle(self, **options):
        found = problems()
        for line in found:
            self.stderr.write(line)
        self.stdout.write(f"{Account.objects.count()} accounts, {Entry.objects.count()} entries, {len(found)} problems")
        if found:
            raise CommandError("verify_ledger found problems")
