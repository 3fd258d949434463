"""The profile's token pages, at /api-tokens/ (the API itself is at /api/v1/: api.views.api)."""

from django.urls import path

from api import views_tokens

urlpatterns = [
    path("new/", views_tokens.create, name="api_token_create"),
    path("<int:token_id>/revoke/", views_tokens.revoke, name="api_token_revoke"),
]
