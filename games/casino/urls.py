"""Casino's own pages, mounted at games/<id>/casino/ (namespace "casino")."""

from django.urls import path

from . import views

urlpatterns = [
    path("plays/", views.plays, name="plays"),
    path("answer/", views.answer, name="answer"),
]
