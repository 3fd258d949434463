"""Whether a discard asks for a second press is the player's choice (decision 0044): the
profile saves it, and the table says it to static/js/confirm.js in data-confirm-discards.
"touch", asking on a touch screen only, is the default, and what a signed-out viewer gets."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


def said_on_the_table(client, game) -> str:
    page = client.get(game.get_absolute_url()).content.decode()
    return page.split('data-confirm-discards="', 1)[1].split('"', 1)[0]


def test_the_default_asks_on_touch_screens_only(client, alice):
    game = lifecycle.quick_game(alice, "capitalla")
    assert said_on_the_table(client, game) == "touch"  # signed out
    client.force_login(alice)
    assert said_on_the_table(client, game) == "touch"
    page = client.get(reverse("profile")).content.decode()
    assert "Ask before a discard" in page
    assert re.search(r'<input type="radio" name="confirm_discards" value="touch"[^>]* checked', page)


@pytest.mark.parametrize("choice", ["never", "always", "touch"])
def test_the_choice_saves_and_reaches_the_table(client, alice, choice):
    game = lifecycle.quick_game(alice, "capitalla")
    client.force_login(alice)
    response = client.post(reverse("profile_play"), {"confirm_discards": choice}, follow=True)
    assert response.status_code == 200 and "Saved: ask before a discard" in response.content.decode()
    alice.refresh_from_db()
    assert alice.confirm_discards == choice
    assert said_on_the_table(client, game) == choice


@pytest.mark.parametrize("forged", ["sometimes", ""])
def test_a_forged_choice_is_refused_and_nothing_changes(client, alice, forged):
    client.force_login(alice)
    response = client.post(reverse("profile_play"), {"confirm_discards": forged})
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.confirm_discards == "touch"
