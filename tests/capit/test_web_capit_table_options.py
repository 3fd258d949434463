"""Cap-It's table options on the create form: an ace's points and the pot's round share.
They reach the game; a value out of range or a forged option is refused with a 400 and
creates nothing."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game

TABLE = {"kind": "capit", "seats": "4", "bots": "3", "bot_level": "normal"}


@pytest.fixture
def host(client, alice):
    client.force_login(alice)
    return alice


def test_the_create_form_shows_cap_its_options_with_their_defaults(client, host):
    page = client.get(reverse("lobby")).content.decode()
    fieldset = page.split('data-kind="capit"')[1].split("</fieldset>")[0]
    assert "<legend>Cap-It options</legend>" in fieldset
    assert 'name="capit-ace_value" value="15" min="0" max="100"' in fieldset
    assert 'name="capit-round_share_percent" value="10" min="0" max="20"' in fieldset


def test_the_chosen_options_reach_the_game(client, host):
    chosen = {"capit-ace_value": "1", "capit-round_share_percent": "0"}
    assert client.post(reverse("create_table"), TABLE | chosen).status_code == 302
    game = Game.objects.get()
    assert game.options == {"ace_value": 1, "round_share_percent": 0}
    assert lifecycle.start_table(host, game.pk).state["options"] == {"ace_value": 1, "round_share_percent": 0}


def test_an_option_left_out_keeps_its_default(client, host):
    assert client.post(reverse("create_table"), TABLE | {"capit-ace_value": "25"}).status_code == 302
    assert Game.objects.get().options == {"ace_value": 25, "round_share_percent": 10}


@pytest.mark.parametrize(
    "posted, message",
    [
        ({"capit-ace_value": "101"}, "Points for an ace: Ensure this value is less than or equal to 100."),
        (
            {"capit-round_share_percent": "-5"},
            "Round share (% of the pot): Ensure this value is greater than or equal to 0",
        ),
        (
            {"capit-round_share_percent": "21"},
            "Round share (% of the pot): Ensure this value is less than or equal to 20",
        ),
        ({"capit-max_reshuffles": "2"}, "Cap-It has no option max_reshuffles."),
    ],
)
def test_a_bad_or_forged_option_is_refused_and_creates_nothing(client, host, posted, message):
    response = client.post(reverse("create_table"), TABLE | posted)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()
