"""The streams' addresses. Only the ASGI application serves them (live/streams.py); Django
answers them with the 404 a page takes for "poll instead"."""

from django.urls import path

from live import streams

urlpatterns = [
    path("games/<int:game_id>/live/", streams.needs_asgi, name="live"),
    path("join/<str:code>/live/", streams.needs_asgi, name="invite_live"),
    path("live/", streams.needs_asgi, name="lobby_live"),
    path("my-games/live/", streams.needs_asgi, name="my_games_live"),
]
