"""The leaderboards, at /ratings/ in the "ratings" namespace: the core's pages, since they
list the games (tables/views_ratings.py)."""

from django.urls import path

from tables import views_ratings

app_name = "ratings"
urlpatterns = [
    path("", views_ratings.index, name="index"),
    path("<slug:kind>/", views_ratings.leaderboard, name="leaderboard"),
]
