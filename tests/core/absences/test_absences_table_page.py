"""The table shows "away until …" next to an absent player's seat, and their clock standing."""

from datetime import timedelta

import pytest
from django.urls import reverse

from tests.core.absences.conftest import fresh, play_turn

pytestmark = pytest.mark.django_db


def test_the_table_shows_the_absent_player_and_their_standing_clock(client, correspondence, alice, bob, go_away):
    absence = go_away(bob, correspondence.deadline - timedelta(hours=5))
    until = f"{absence.last_day.day} {absence.last_day:%B}"
    play_turn(alice, fresh(correspondence), 0)
    client.force_login(alice)
    page = client.get(reverse("game", args=[correspondence.pk])).content.decode()
    assert f"away until {until}" in page
    assert "Bob’s clock stands still:" in page and f"1\xa0day left, while they are away until {until}." in page
    assert "absences stop the clock" in page
    client.force_login(bob)
    page = client.get(reverse("game", args=[correspondence.pk])).content.decode()
    assert f"Your clock stands still:</span>\n      1\xa0day left, while you are away until {until}." in page


def test_the_clock_shows_the_time_left_when_the_absence_caught_it_running(client, correspondence, alice, go_away):
    go_away(alice, correspondence.deadline - timedelta(hours=5, minutes=30))
    client.force_login(alice)
    page = client.get(reverse("game", args=[correspondence.pk])).content.decode()
    assert "5\xa0hours, 30\xa0minutes left" in page
