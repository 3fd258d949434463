from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin

from .closing import close_account
from .models import Absence, User


@admin.register(User)
class CapitallaUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (
        ("Profile", {"fields": ("display_name", "confirmed_email", "email_notifications", "digest_due_at")}),
        ("Hours", {"fields": ("time_zone", "quiet_from", "quiet_until", "digest_hour")}),
    )
    readonly_fields = ("confirmed_email", "digest_due_at")
    list_display = ("username", "display_name", "email", "email_notifications", "is_staff")
    list_filter = UserAdmin.list_filter + ("email_notifications",)
    actions = ["close_accounts"]

    @admin.action(description="Close the selected accounts (as their owners can: for good)")
    def close_accounts(self, request, queryset):
        """For a player who asks by mail: as their own "Close your account" does."""
        closing = [user for user in queryset if user.pk != request.user.pk]
        for user in closing:
            close_account(user)
        self.message_user(request, f"Closed {len(closing)} account(s).", messages.SUCCESS)


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin):
    """Read-only: an absence starts and ends through tables.actions.absences, which changes the tables."""

    list_display = ("user", "first_day", "last_day", "begun", "over", "ended_early")
    list_filter = ("begun", "over")
    search_fields = ("user__username", "user__display_name")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
