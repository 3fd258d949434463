"""The create-table form's "Absences stop the clock": by default as create_table decides
(on from a day per turn, off below); the host may choose."""

import pytest
from django.urls import reverse

from tables.models import Game

pytestmark = pytest.mark.django_db

TABLE = {"kind": "capitalla", "seats": "2", "bots": "0", "bot_level": "normal"}


@pytest.mark.parametrize(
    "turn_seconds,choice,stops",
    [("86400", "", True), ("3600", "", False), ("3600", "on", True), ("604800", "off", False)],
)
def test_the_option_is_the_hosts_with_a_default_by_turn_time(client, alice, turn_seconds, choice, stops):
    client.force_login(alice)
    response = client.post(
        reverse("create_table"), {**TABLE, "turn_seconds": turn_seconds, "absences_stop_clock": choice}
    )
    assert response.status_code == 302
    assert Game.objects.get().absences_stop_clock is stops


def test_a_request_without_it_takes_the_default(client, alice):
    client.force_login(alice)
    client.post(reverse("create_table"), TABLE)
    assert Game.objects.get().absences_stop_clock is True  # a day per turn by default


def test_a_forged_choice_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(reverse("create_table"), {**TABLE, "absences_stop_clock": "maybe"})
    assert response.status_code == 400 and not Game.objects.exists()


def test_the_lobby_offers_it(client, alice):
    client.force_login(alice)
    assert "Absences stop the clock" in client.get(reverse("lobby")).content.decode()
