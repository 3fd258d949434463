from django.contrib import admin

from .models import Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    """Ratings change only when a rated game finishes (ratings.recording), or by
    `manage.py rebuild_ratings`; their history is append-only."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "kind", "shown", "games", "mu", "sigma")
    list_filter = ("kind",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("id", "created_at", "game", "user", "kind", "rank", "shown_before", "shown_after", "weight")
    list_filter = ("kind",)
