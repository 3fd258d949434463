from django.urls import include, path

from tables import tours, views, views_absences, views_lobby, views_tables
from tables.plugins import PLUGINS

urlpatterns = [
    path("", views_lobby.lobby, name="lobby"),
    path("tables/new/", views_lobby.create_table, name="create_table"),
    path("tables/quick/", views_lobby.quick_game, name="quick_game"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/join/", views_tables.join, name="join"),
    path("games/<int:game_id>/leave/", views_tables.leave, name="leave"),
    path("games/<int:game_id>/start/", views_tables.start, name="start"),
    path("games/<int:game_id>/seats/<int:index>/free/", views_tables.free_seat, name="free_seat"),
    path("games/<int:game_id>/invite/new/", views_tables.new_invite_link, name="new_invite_link"),
    path("games/<int:game_id>/cancel/", views_tables.cancel, name="cancel"),
    path("games/<int:game_id>/move/", views.move, name="move"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/hand/", views.arrange_hand, name="arrange_hand"),
    path("games/<int:game_id>/history/", views.history, name="history"),
    path("games/<int:game_id>/replay/", views.replay, name="replay"),
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
    path("games/<int:game_id>/rematch/", views_tables.rematch, name="rematch"),
    path("games/<int:game_id>/extra-time/", views.extra_time, name="extra_time"),
    path("games/<int:game_id>/back/", views.come_back, name="come_back"),
    path("my-games/", views_lobby.my_games, name="my_games"),
    path("players/<int:user_id>/", views_lobby.player_page, name="player"),
    path("join/<str:code>/", views_tables.invite, name="invite"),
    path("tours/done/", tours.tour_done, name="tour_done"),
    path("tours/<slug:kind>/", tours.tour_steps, name="tour_steps"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:kind>/", views.rules_page, name="rules"),
    # The profile's absences keep the profile's paths: their views are here because they
    # change the tables (tables/views_absences.py).
    path("accounts/profile/absences/", views_absences.absence_add, name="absence_add"),
    path("accounts/profile/absences/<int:absence_id>/end/", views_absences.absence_end, name="absence_end"),
]
# Each game's own pages, at games/<id>/<slug>/ in the namespace of its slug.
urlpatterns += [
    path(f"games/<int:game_id>/{slug}/", include((plugin.urls, slug)))
    for slug, plugin in PLUGINS.items()
    if plugin.urls
]
