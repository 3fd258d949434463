"""Cap-It's own pages, mounted at games/<id>/capit/ (namespace "capit")."""

from django.urls import path

from . import views

urlpatterns = [
    path("check/", views.check, name="check"),
    path("hand-order/", views.hand_order, name="hand_order"),
]
