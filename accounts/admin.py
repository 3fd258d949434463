from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class CapitallaUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (
        ("Profile", {"fields": ("display_name", "confirmed_email", "email_notifications", "digest_due_at")}),
    )
    readonly_fields = ("confirmed_email", "digest_due_at")
    list_display = ("username", "display_name", "email", "email_notifications", "is_staff")
    list_filter = UserAdmin.list_filter + ("email_notifications",)
