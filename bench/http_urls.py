"""The site's URLs plus /bench/bare/<id>/: a Django view doing one indexed SELECT, the
yardstick the game endpoints are compared with."""

from django.http import HttpResponse
from django.urls import include, path

from tables.models import Game


def bare(request, game_id):
    version = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    return HttpResponse(str(version), content_type="text/plain")


urlpatterns = [
    path("bench/bare/<int:game_id>/", bare),
    path("", include("capitalla_site.urls")),
]
