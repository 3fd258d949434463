"""The allowance: each absence at most 14 days, at most 30 in any rolling year, none in
the past nor more than a year ahead, and no two overlapping or touching (back-to-back
absences would be one long one). An early end gives back the days not taken."""

from datetime import UTC, date, datetime, timedelta

import pytest

from accounts.models import Absence
from tables.actions import absences, errors

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)  # a Monday morning
DAY = timedelta(days=1)


def announce(user, first: date, last: date, now=NOW):
    return absences.announce_absence(user, first, last, now=now)


def refused(user, first, last, message: str, now=NOW):
    before = Absence.objects.count()
    with pytest.raises(errors.ServiceError) as refusal:
        announce(user, first, last, now)
    assert message in refusal.value.message
    assert Absence.objects.count() == before


def test_an_absence_lasts_at_most_14_days(alice):
    start = date(2026, 6, 1)
    refused(alice, start, start + 14 * DAY, "at most 14 days")
    assert announce(alice, start, start + 13 * DAY).days == 14


def test_no_absence_in_the_past_nor_more_than_a_year_ahead_nor_backwards(alice):
    refused(alice, date(2026, 5, 3), date(2026, 5, 5), "in the past")
    refused(alice, date(2027, 5, 10), date(2027, 5, 12), "at most 365 days ahead")
    refused(alice, date(2026, 6, 5), date(2026, 6, 1), "The last day cannot come before the first.")


def test_today_is_not_the_past_in_the_players_own_zone(alice):
    # 01:00 in Tokyo on the 5th is still the 4th in UTC.
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    tokyo_morning = datetime(2026, 5, 4, 16, 0, tzinfo=UTC)
    refused(alice, date(2026, 5, 4), date(2026, 5, 6), "in the past", now=tokyo_morning)
    absence = announce(alice, date(2026, 5, 5), date(2026, 5, 6), now=tokyo_morning)
    assert absence.starts_at == datetime(2026, 5, 4, 15, 0, tzinfo=UTC)  # midnight in Tokyo
    assert absence.ends_at == datetime(2026, 5, 6, 15, 0, tzinfo=UTC)


def test_overlapping_absences_are_refused(alice):
    announce(alice, date(2026, 6, 1), date(2026, 6, 10))
    refused(alice, date(2026, 6, 10), date(2026, 6, 12), "overlaps or touches")
    refused(alice, date(2026, 5, 25), date(2026, 6, 1), "overlaps or touches")
    refused(alice, date(2026, 6, 3), date(2026, 6, 4), "overlaps or touches")


def test_back_to_back_absences_cannot_make_one_longer_than_14_days(alice):
    announce(alice, date(2026, 6, 1), date(2026, 6, 14))
    refused(alice, date(2026, 6, 15), date(2026, 6, 20), "leave at least a day")
    refused(alice, date(2026, 5, 25), date(2026, 5, 31), "leave at least a day")
    assert announce(alice, date(2026, 6, 16), date(2026, 6, 17)).days == 2  # a day between


def test_absences_add_up_to_at_most_30_days_in_any_rolling_year(alice):
    announce(alice, date(2026, 6, 1), date(2026, 6, 14))  # 14
    announce(alice, date(2026, 8, 1), date(2026, 8, 14))  # 28
    refused(alice, date(2026, 10, 1), date(2026, 10, 3), "at most 30 days in any 365 days")
    announce(alice, date(2026, 10, 1), date(2026, 10, 2))  # 30: the whole allowance
    later = datetime(2027, 1, 1, tzinfo=UTC)
    refused(alice, date(2027, 5, 31), date(2027, 5, 31), "at most 30 days", now=later)  # 1 June 2026 + 364 days
    # A year after the first one began, each day of it that leaves the year frees a day.
    assert announce(alice, date(2027, 6, 1), date(2027, 6, 14), now=later).days == 14


def test_the_year_counts_only_the_days_inside_it(alice):
    announce(alice, date(2026, 6, 1), date(2026, 6, 14))
    announce(alice, date(2026, 8, 1), date(2026, 8, 14))
    # The year from 2 June 2026 to 1 June 2027 holds 13 days of the first absence, 14 of
    # the second: 3 left, so a 3-day absence ending on 1 June 2027 fits, 4 days do not.
    later = datetime(2027, 1, 1, tzinfo=UTC)
    refused(alice, date(2027, 5, 29), date(2027, 6, 1), "at most 30 days", now=later)
    assert announce(alice, date(2027, 5, 30), date(2027, 6, 1), now=later).days == 3


def test_the_days_left_count_the_fullest_year_around_today(alice):
    assert absences.days_left(alice, date(2026, 5, 4)) == 30
    announce(alice, date(2026, 6, 1), date(2026, 6, 10))
    assert absences.days_left(alice, date(2026, 5, 4)) == 20
    assert absences.days_left(alice, date(2027, 6, 5)) == 25  # the year from 6 June 2026 holds 5


def test_an_early_end_gives_back_the_days_not_taken(alice, go_away):
    absence = announce(alice, date(2026, 5, 4), date(2026, 5, 17))  # today, 14 days
    announce(alice, date(2026, 7, 1), date(2026, 7, 14))
    refused(alice, date(2026, 9, 1), date(2026, 9, 3), "at most 30 days")
    absences.end_absence(alice, absence.pk, now=NOW + 2 * DAY)  # back on the 6th
    absence.refresh_from_db()
    assert (absence.last_day, absence.days, absence.ended_early, absence.over) == (date(2026, 5, 6), 3, True, True)
    assert announce(alice, date(2026, 9, 1), date(2026, 9, 11)).days == 11  # 3 + 14 + 11 + 2 days left
    assert absences.days_left(alice, date(2026, 9, 1)) == 2


def test_a_planned_absence_called_off_gives_back_all_its_days(alice):
    absence = announce(alice, date(2026, 6, 1), date(2026, 6, 14))
    assert absences.end_absence(alice, absence.pk, now=NOW) is None
    assert not Absence.objects.exists()
    assert absences.days_left(alice, date(2026, 6, 1)) == 30


def test_someone_elses_absence_does_not_exist_for_them(alice, bob):
    absence = announce(alice, date(2026, 6, 1), date(2026, 6, 2))
    for forged in (absence.pk, absence.pk + 1000, "x", None):
        with pytest.raises(errors.NotFound):
            absences.end_absence(bob, forged, now=NOW)
    assert Absence.objects.filter(pk=absence.pk).exists()


def test_an_absence_over_cannot_end_again(alice):
    absence = announce(alice, date(2026, 5, 4), date(2026, 5, 5))
    absences.end_absence(alice, absence.pk, now=NOW)
    with pytest.raises(errors.Conflict):
        absences.end_absence(alice, absence.pk, now=NOW)
