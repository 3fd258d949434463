"""Helpers for the web tests: htmx-flavoured requests and snapshots of a game."""

import pytest

from games.models import Event, Game


@pytest.fixture
def htmx():
    """Extra headers that make a test-client request look like htmx's."""
    return {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}


@pytest.fixture
def snapshot():
    """snapshot(game) -> what must not change when a request is refused."""

    def take(game):
        fresh = Game.objects.get(pk=game.pk)
        return {
            "version": fresh.version,
            "state": fresh.state,
            "status": fresh.status,
            "events": Event.objects.filter(game=fresh).count(),
            "seats": list(fresh.seats.values_list("index", "user_id")),
        }

    return take
