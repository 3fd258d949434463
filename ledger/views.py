from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import render

from . import chips
from .models import Entry, StartingGrant

SHOWN = 100


@login_required
def history(request):
    """My chip movements, newest first, each with the balance after it."""
    account = chips.player_account(request.user)
    balance = account.balance()
    entries = Entry.objects.filter(Q(debit=account) | Q(credit=account)).select_related("game").order_by("-id")[:SHOWN]
    rows, after = [], balance
    for entry in entries:
        change = entry.amount if entry.credit_id == account.pk else -entry.amount
        rows.append(
            {
                "at": entry.created_at,
                "reason": entry.get_reason_display(),
                "change": change,
                "balance": after,
                "game": entry.game and {"title": str(entry.game), "url": entry.game.get_absolute_url()},
                "round": entry.round,
            }
        )
        after -= change
    # Starting chips wait for a confirmed mail address (accounts.confirmation).
    grant_waiting = settings.STARTING_CHIPS if not StartingGrant.objects.filter(user=request.user).exists() else 0
    return render(
        request, "ledger/history.html", {"chips": {"balance": balance, "rows": rows, "grant_waiting": grant_waiting}}
    )
