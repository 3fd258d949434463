from django.contrib import admin
from django.db.models.constants import LOOKUP_SEP

from accounts.admin_read_only import NoWritesMixin, ReadOnlyAdmin
from tables.models import ChatMessage, Event, Game, Hand, Seat
from tables.move_log import in_words


class SeatInline(NoWritesMixin, admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "player_name", "bot_level", "joined_at")
    readonly_fields = ("player_name", "joined_at")
    raw_id_fields = ("user",)


@admin.register(Game)
class GameAdmin(NoWritesMixin, admin.ModelAdmin):
    """Games are made, played and ended through tables/actions/ (which keep the pot, the
    ratings and the seats right); here they are read, and a game may be deleted."""

    list_display = ("id", "kind", "status", "host", "num_seats", "private", "version", "created_at")
    list_filter = ("kind", "status", "private", "bot_level")
    search_fields = ("id", "host__username", "host__display_name", "invite_code")
    date_hierarchy = "created_at"
    # Named so that the page shows them, the fields no form would hold among them.
    readonly_fields = (
        "ante",
        "seed",
        "seed_hash",
        "state",
        "version",
        "to_act",
        "result",
        "invite_code",
        "created_at",
        "started_at",
        "finished_at",
        "bot_due_at",
        "turn_mail_at",
        "remind_at",
        "result_mail_at",
    )
    inlines = [SeatInline]
    list_select_related = ("host",)
    # Until a game ends, its seed and its state (every hand, the pile's order) are secret
    # from the staff too, who could otherwise cheat: only the seed's hash is shown, and the
    # list takes no filter on them (a filter on the seed or a card would tell it).
    SECRET_UNTIL_OVER = ("seed", "state")

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        if obj is not None and obj.is_over:
            return fields
        return [field for field in fields if field not in self.SECRET_UNTIL_OVER]

    def lookup_allowed(self, lookup, value, request):
        if lookup.split(LOOKUP_SEP)[0] in self.SECRET_UNTIL_OVER:
            return False
        return super().lookup_allowed(lookup, value, request)


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "seat", "line", "created_at")
    list_filter = ("game__kind",)
    search_fields = ("game__id",)
    ordering = ("game", "seq")
    list_select_related = ("game",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("game__seats")

    @admin.display(description="move")
    def line(self, event):
        """The move as the game's log words it, the players named."""
        names = {seat.index: seat.name for seat in event.game.seats.all()}
        return in_words({"summary": event.summary, "seat": event.seat}, lambda i: names.get(i, f"Seat {i + 1}"))


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "created_at")
    list_filter = ("game__kind",)
    ordering = ("game", "number")
    list_select_related = ("game",)


@admin.register(ChatMessage)
class ChatMessageAdmin(NoWritesMixin, admin.ModelAdmin):
    """Table talk, for moderation: read, search, delete a line; never written here."""

    list_display = ("game", "seat", "user", "text", "created_at")
    search_fields = ("text", "user__username", "game__id")
    list_select_related = ("game", "user")
    readonly_fields = ("game", "seat", "user", "text", "created_at")
