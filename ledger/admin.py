from django.contrib import admin

from accounts.admin_read_only import ReadOnlyAdmin

from .models import Account, Entry


# Entries are written by ledger.chips only; balances are derived from them.
@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "user", "game")
    list_filter = ("kind",)


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "debit", "credit", "amount", "reason", "game", "round")
    list_filter = ("reason",)
