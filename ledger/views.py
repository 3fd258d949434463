from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import render

from accounts import confirmation

from . import chips
from .models import Entry

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
    grant_waiting = confirmation.chips_waiting(request.user)
    return render(
        request, "ledger/history.html", {"chips": {"balance": balance, "rows": rows, "grant_waiting": grant_waiting}}
    )
