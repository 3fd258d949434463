from django.contrib import admin

from accounts.admin_read_only import ReadOnlyAdmin

from .models import Rating, RatingChange


# Ratings change only when a rated game finishes (ratings.recording) or by
# `manage.py rebuild_ratings`; their history is append-only.
@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "kind", "shown", "games", "mu", "sigma")
    list_filter = ("kind",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "game", "user", "kind", "rank", "shown_before", "shown_after", "weight")
    list_filter = ("kind",)
