"""Capitalla's table option on the create form: how often the discard pile may be
reshuffled. It reaches the game; a value out of range or a forged option is refused
with a 400 and creates nothing."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game

TABLE = {"kind": "capitalla", "seats": "2", "bots": "1", "bot_level": "normal"}


@pytest.fixture
def host(client, alice):
    client.force_login(alice)
    return alice


def test_the_create_form_shows_capitallas_options_with_their_defaults(client, host):
    page = client.get(reverse("lobby")).content.decode()
    fieldset = page.split('data-kind="capitalla"')[1].split("</fieldset>")[0]
    assert "<legend>Capitalla options</legend>" in fieldset
    assert 'name="capitalla-max_reshuffles" value="3" min="0"' in fieldset


def test_the_chosen_reshuffles_reach_the_game(client, host):
    response = client.post(reverse("create_table"), TABLE | {"capitalla-max_reshuffles": "0"})
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {"max_reshuffles": 0}
    assert lifecycle.start_table(host, game.pk).state["options"] == {"max_reshuffles": 0}


@pytest.mark.parametrize("posted", [{}, {"capitalla-max_reshuffles": ""}])
def test_a_missing_or_blank_option_keeps_its_default(client, host, posted):
    assert client.post(reverse("create_table"), TABLE | posted).status_code == 302
    assert Game.objects.get().options == {"max_reshuffles": 3}


def test_another_games_options_are_not_read(client, host):
    response = client.post(reverse("create_table"), TABLE | {"capit-ace_value": "999", "capit-bogus": "1"})
    assert response.status_code == 302
    assert Game.objects.get().options == {"max_reshuffles": 3}


@pytest.mark.parametrize(
    "posted, message",
    [
        ({"capitalla-max_reshuffles": "-1"}, "Reshuffles: Ensure this value is greater than or equal to 0."),
        ({"capitalla-max_reshuffles": "two"}, "Reshuffles: Enter a whole number."),
        # A deal that could reshuffle for ever would keep the bots' worker busy for ever.
        ({"capitalla-max_reshuffles": "1000000"}, "Reshuffles: Ensure this value is less than or equal to 10."),
        ({"capitalla-jokers": "8"}, "Capitalla has no option jokers."),
    ],
)
def test_a_bad_or_forged_option_is_refused_and_creates_nothing(client, host, posted, message):
    response = client.post(reverse("create_table"), TABLE | posted)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()
