"""The clock of a step where the seats act at once is a quarter of the turn time, at least
30 seconds, never more than the turn time."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import clocks

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "turn_seconds,seconds",
    [(30, 30), (120, 30), (600, 150), (3600, 900), (86400, 21600), (7 * 86400, 7 * 21600)],
)
def test_the_at_once_clock_is_a_quarter_of_the_turn_time_at_least_30_seconds(turn_seconds, seconds):
    assert clocks.at_once_seconds(turn_seconds) == seconds


def test_a_table_of_2_minute_turns_gives_30_seconds_to_choose_and_sends_no_mail(picks, alice, bob):
    before = timezone.now()
    game = picks(alice, bob, turn_seconds=120)
    assert before + timedelta(seconds=30) <= game.deadline <= timezone.now() + timedelta(seconds=30)
    assert game.turn_mail_at is None and game.remind_at is None
