"""The admin's read-only bases, apart from tables/admin.py so that other apps' admins use
them without importing what it imports (the presenters, and through them the services)."""

from django.contrib import admin


class NoWritesMixin:
    """History, or state only the game's services may change (a game's status, its seats,
    its pot): looked at here, never added or edited."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoWritesMixin, admin.ModelAdmin):
    """The move log and the results are derived history: looked at, never edited."""

    def has_delete_permission(self, request, obj=None):
        return False
