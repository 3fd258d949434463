"""A turn clock's time left as the page prints it (countdown.js counts it down after)."""

from datetime import timedelta

from django.utils import timezone

from tables.templatetags.clock import time_left


def test_a_clock_under_a_minute_counts_seconds_not_zero_minutes(monkeypatch):
    # The clock stands still: half a second between reading it here and in time_left (a
    # loaded machine) would make them "29 seconds" and "time is up".
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)
    assert time_left(now + timedelta(seconds=30.5)) == "30 seconds left"
    assert time_left(now + timedelta(seconds=1.5)) == "1 second left"


def test_longer_clocks_in_timeuntils_words_and_a_clock_run_out():
    assert time_left(timezone.now() + timedelta(days=1, minutes=1)) == "1\xa0day left"  # as timeuntil says it
    assert time_left(timezone.now() + timedelta(minutes=5, seconds=30)) == "5\xa0minutes left"
    assert time_left(timezone.now() - timedelta(seconds=3)) == "time is up"
