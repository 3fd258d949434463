from django.contrib import admin

from .models import Account, Entry


class ReadOnly(admin.ModelAdmin):
    """Entries are written by ledger.chips only; balances are derived from them."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Account)
class AccountAdmin(ReadOnly):
    list_display = ("id", "kind", "user", "game")
    list_filter = ("kind",)


@admin.register(Entry)
class EntryAdmin(ReadOnly):
    list_display = ("id", "created_at", "debit", "credit", "amount", "reason", "game", "round")
    list_filter = ("reason",)
