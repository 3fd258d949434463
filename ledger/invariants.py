"""The ledger's invariants, checked from its entries alone. Which games are over is the
core's to say: `manage.py verify_ledger` (tables/management/commands/) passes them in."""

from collections import Counter

from django.db.models import Exists, OuterRef, QuerySet, Sum

from ledger.models import Account, Entry


def balances() -> dict[int, int]:
    """Every account's balance, from two grouped sums over the entries."""
    totals = Counter()
    for account, amount in Entry.objects.values_list("credit").annotate(total=Sum("amount")):
        totals[account] += amount
    for account, amount in Entry.objects.values_list("debit").annotate(total=Sum("amount")):
        totals[account] -= amount
    return totals


def problems(ended_games: QuerySet) -> list[str]:
    """What breaks the invariants, one line each (none: the ledger holds); `ended_games`,
    the games that are over, whose pots must be empty."""
    found = []
    totals = balances()
    granted = Entry.objects.filter(reason=Entry.Reason.GRANT).aggregate(total=Sum("amount"))["total"] or 0
    accounts = Account.objects.exclude(kind=Account.Kind.BANK).annotate(
        game_over=Exists(ended_games.filter(pk=OuterRef("game_id")))
    )
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
        if account.kind == Account.Kind.POT and account.game_over and totals[account.pk] != 0:
            found.append(f"{account} holds {totals[account.pk]} chips after the game ended")
    return found
