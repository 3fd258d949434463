"""Attack (or a bad day for a traveller): announce two absences in two time zones. Each
absence's days are dates in the zone its player had when announcing it, so after a change
of zone "a day between two" on the calendar can be no time at all, or less than none:
from Pago Pago (UTC-11) and then Kiritimati (UTC+14), the second absence began an hour
before the first ended; from Honolulu (UTC-10), at the very moment the first ended. Either
way the first one's end started every clock the second had stopped, and the player, away,
timed out at every table. Two absences must be apart in time as on the calendar."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Absence
from tables.actions import absences, errors

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def move_to(user, zone: str) -> None:
    user.time_zone = zone
    user.save(update_fields=["time_zone"])


@pytest.mark.parametrize("first_zone", ["Pacific/Pago_Pago", "Pacific/Honolulu"])
def test_an_absence_that_touches_or_overlaps_another_in_time_is_refused_whatever_the_calendar_says(alice, first_zone):
    now = timezone.now()
    move_to(alice, first_zone)
    today = alice.today(now)
    first = absences.announce_absence(alice, today + DAY, today + 3 * DAY, now=now)
    move_to(alice, "Pacific/Kiritimati")
    # A day left between the two on the calendar: in time, none or less.
    with pytest.raises(errors.ServiceError) as refusal:
        absences.announce_absence(alice, today + 5 * DAY, today + 7 * DAY, now=now)
    assert "overlaps or touches" in refusal.value.message
    assert list(Absence.objects.all()) == [first]
    # Two days between them leave a day between them in time too.
    absences.announce_absence(alice, today + 6 * DAY, today + 8 * DAY, now=now)
