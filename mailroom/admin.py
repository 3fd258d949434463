from django.contrib import admin

from accounts.admin_read_only import ReadOnlyAdmin
from mailroom.models import InboundMail, MagicLink, Notification, OutboxMessage


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    """Mails due, waiting for their next try, sent, or failed: a failed one, or one the
    mail server refused, says why (the counts are on /healthz/)."""

    list_display = ("user", "kind", "game", "version", "created_at", "attempts", "next_try_at", "sent_at", "failed_at")
    list_filter = ("kind", ("next_try_at", admin.EmptyFieldListFilter), ("failed_at", admin.EmptyFieldListFilter))
    list_select_related = ("user", "game")


@admin.register(MagicLink)
class MagicLinkAdmin(ReadOnlyAdmin):
    """Game links mailed to players: which are used, which revoked (tokens are not kept)."""

    list_display = ("id", "user", "game", "created_at", "used_at", "revoked_at")
    list_select_related = ("user", "game")
    search_fields = ("user__username", "game__id")


@admin.register(InboundMail)
class InboundMailAdmin(ReadOnlyAdmin):
    """Replies to turn mails that reached a seat: what they said and what came of them."""

    list_display = ("received_at", "user", "game", "seat", "outcome", "subject")
    list_filter = ("outcome",)
    list_select_related = ("user", "game")
    search_fields = ("user__username", "game__id", "message_id")


@admin.register(OutboxMessage)
class OutboxMessageAdmin(ReadOnlyAdmin):
    list_display = ("to", "subject", "created_at")
    search_fields = ("to", "subject")
