"""Rummathon's own pages, mounted at games/<id>/rummathon/ (namespace "rummathon")."""

from django.urls import path

from . import views

urlpatterns = [
    path("check/", views.check, name="check"),
]
