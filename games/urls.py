from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.create_table, name="create_table"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/leave/", views.leave, name="leave"),
    path("games/<int:game_id>/start/", views.start, name="start"),
    path("games/<int:game_id>/move/", views.move, name="move"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/history/", views.history, name="history"),
    path("join/<str:code>/", views.invite, name="invite"),
    path("rules/<slug:kind>/", views.rules_page, name="rules"),
]
