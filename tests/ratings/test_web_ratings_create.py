"""The create form's "Rated" box: a rated table for people only, timed out by forfeit."""

import pytest
from django.urls import reverse

from tables.models import Game

pytestmark = pytest.mark.django_db


def create(client, **fields):
    data = {"kind": "capitalla", "seats": 2, "bots": 0, "bot_level": "normal", "turn_seconds": 86400, **fields}
    return client.post(reverse("create_table"), data)


def test_a_rated_table_from_the_form_forfeits_a_timed_out_seat(client, alice):
    client.force_login(alice)
    response = create(client, rated="on", timeout_policy="bot")
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.rated and game.timeout_policy == Game.TimeoutPolicy.FORFEIT


def test_a_rated_table_with_bots_is_refused_with_a_message(client, alice):
    client.force_login(alice)
    response = create(client, rated="on", seats=3, bots=1)
    assert response.status_code == 400
    assert "A rated table seats only people: it takes no bots." in response.content.decode()
    assert not Game.objects.exists()


def test_the_form_offers_the_box_with_its_help(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert 'name="rated"' in page and "a player whose time runs out is out of the game" in page


def test_without_the_box_a_table_is_not_rated(client, alice):
    client.force_login(alice)
    create(client)
    assert not Game.objects.get().rated
