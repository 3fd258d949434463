from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models, transaction
from django.utils import timezone

from .name_keys import name_key

# The local hour of the daily digest for a player who has not chosen one.
DEFAULT_DIGEST_HOUR = 7


def local_moment(day: date, at: time, zone: str) -> datetime:
    """The UTC moment of the wall-clock time `at` on `day` in `zone`. A wall time that the
    spring change skips (02:30 in Paris on the last Sunday of March) is read with the
    offset before the change, so it lands just after it (03:30)."""
    return datetime.combine(day, at, tzinfo=ZoneInfo(zone)).astimezone(UTC)


def next_digest_at(now: datetime, zone: str = "UTC", hour: int = DEFAULT_DIGEST_HOUR) -> datetime:
    """The first `hour` o'clock in `zone` after `now`: when a daily digest falls due. Built
    from the local date, not by adding 24 hours, so it stays at that hour across a
    daylight-saving change."""
    today = now.astimezone(ZoneInfo(zone)).date()
    at = local_moment(today, time(hour), zone)
    return at if at > now else local_moment(today + timedelta(days=1), time(hour), zone)


def quiet_hours_end(now: datetime, zone: str, start: time | None, end: time | None) -> datetime | None:
    """When the quiet hours `start`-`end` (wall clock in `zone`; they may wrap midnight,
    22:00-07:00) that hold at `now` end; None when `now` is outside them or there are none."""
    if start is None or end is None or start == end:
        return None
    local = now.astimezone(ZoneInfo(zone))
    clock = local.time().replace(tzinfo=None)
    if start < end:
        inside, end_day = start <= clock < end, local.date()
    else:
        inside = clock >= start or clock < end
        end_day = local.date() + timedelta(days=1) if clock >= start else local.date()
    return local_moment(end_day, end, zone) if inside else None


class User(AbstractUser):
    class Mail(models.TextChoices):
        EVERY_TURN = "turn", "Every turn: a mail when it is my turn, a reminder, the result"
        DIGEST = "digest", "One daily digest of the games waiting for me"
        OFF = "off", "Off: no mail"

    class ConfirmDiscards(models.TextChoices):
        TOUCH = "touch", "On a touch screen only, where a card is easily tapped by mistake"
        ALWAYS = "always", "Always: every discard takes a second press"
        NEVER = "never", "Never: a card goes at the first press"

    display_name = models.CharField(max_length=40, blank=True)
    # The address its owner confirmed by following a mailed link; mail goes to `email`
    # only while the two are the same.
    confirmed_email = models.EmailField(blank=True, editable=False)
    # `name` as compared with other players' names (accounts.name_keys): kept up to date on save.
    name_key = models.TextField(blank=True, editable=False, db_index=True)
    email_notifications = models.CharField(
        "Game mail",
        max_length=10,
        choices=Mail.choices,
        default=Mail.EVERY_TURN,
    )
    # When the sweeper sends this user's next daily digest; set only while they chose it.
    digest_due_at = models.DateTimeField(null=True, blank=True, editable=False, db_index=True)
    # The player's clock: an IANA zone name (accounts.forms checks it with zoneinfo), their
    # quiet hours in it (none while either end is empty; they may wrap midnight), when turn
    # mails and reminders wait, and the local hour of their daily digest.
    time_zone = models.CharField(max_length=64, default="UTC")
    quiet_from = models.TimeField(null=True, blank=True)
    quiet_until = models.TimeField(null=True, blank=True)
    digest_hour = models.PositiveSmallIntegerField(default=DEFAULT_DIGEST_HOUR)
    # Whether a discard asks for a second press (static/js/confirm.js); decision 0044.
    confirm_discards = models.CharField(
        "Confirm discards",
        max_length=10,
        choices=ConfirmDiscards.choices,
        default=ConfirmDiscards.TOUCH,
    )
    # The games (their kinds) whose first-game tour this player finished or skipped: it is
    # not offered again (tables.tours, decision 0045).
    tours_done = models.JSONField("First-game tours done", default=list, blank=True, editable=False)

    @property
    def name(self) -> str:
        return self.display_name or self.username

    @property
    def email_confirmed(self) -> bool:
        return bool(self.email) and self.email == self.confirmed_email

    @property
    def wants_turn_mail(self) -> bool:
        return self.email_confirmed and self.email_notifications == self.Mail.EVERY_TURN

    def next_digest_at(self, now: datetime) -> datetime:
        return next_digest_at(now, self.time_zone, self.digest_hour)

    def quiet_until_moment(self, now: datetime) -> datetime | None:
        """When this player's quiet hours end, if `now` is inside them."""
        return quiet_hours_end(now, self.time_zone, self.quiet_from, self.quiet_until)

    def today(self, now: datetime) -> date:
        return now.astimezone(ZoneInfo(self.time_zone)).date()

    def finish_tour(self, kind: str) -> None:
        """Marks the tour of `kind` done, under a row lock: two tabs finishing two games'
        tours at once both count."""
        with transaction.atomic():
            done = type(self).objects.select_for_update().values_list("tours_done", flat=True).get(pk=self.pk)
            if kind not in done:
                done = [*done, kind]
                type(self).objects.filter(pk=self.pk).update(tours_done=done)
        self.tours_done = done

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        if kwargs.get("update_fields") is not None and {"display_name", "username"} & {*kwargs["update_fields"]}:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        # The digest's due time follows the mail choice, whichever form or page saved it.
        wants_digest = self.email_notifications == self.Mail.DIGEST
        if wants_digest != (self.digest_due_at is not None):
            self.digest_due_at = self.next_digest_at(timezone.now()) if wants_digest else None
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "digest_due_at"}
        super().save(*args, **kwargs)


class ThrottleHit(models.Model):
    """One action counted by accounts.throttle: a sign-up from a client, a mail to an address."""

    scope = models.CharField(max_length=30)
    key = models.CharField(max_length=64)  # a sha256 digest of the client or the address
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"])]

    def __str__(self):
        return f"{self.scope} at {self.at}"


class AbsenceQuerySet(models.QuerySet):
    def under_way(self) -> "AbsenceQuerySet":
        """Absences whose start reached the player's tables and whose end has not yet."""
        return self.filter(begun=True, over=False)

    def near(self, first: date, last: date) -> "AbsenceQuerySet":
        """Absences with a day within a rolling year of the days `first` to `last`."""
        year = timedelta(days=ABSENCE_YEAR_DAYS - 1)
        return self.filter(last_day__gte=first - year, first_day__lte=last + year)


# Announced absences: each at most ABSENCE_MAX_DAYS long, at most ABSENCE_DAYS_PER_YEAR days
# in any ABSENCE_YEAR_DAYS days, announced at most ABSENCE_MAX_AHEAD days ahead
# (tables.actions.absences.check_absence).
ABSENCE_MAX_DAYS = 14
ABSENCE_DAYS_PER_YEAR = 30
ABSENCE_YEAR_DAYS = 365
ABSENCE_MAX_AHEAD = 365


def days_within(first: date, last: date, window_first: date, window_last: date) -> int:
    """How many of the days `first`..`last` fall within `window_first`..`window_last`."""
    return max(0, (min(last, window_last) - max(first, window_first)).days + 1)


def days_left(user, first_day, last_day=None, taken=None) -> int:
    """The absence days left in the fullest rolling year (ABSENCE_YEAR_DAYS days) that
    holds a day of `first_day`..`last_day`: negative when those absences go over."""
    last_day = last_day or first_day
    if taken is None:
        taken = list(user.absences.near(first_day, last_day).values_list("first_day", "last_day"))
    year = timedelta(days=ABSENCE_YEAR_DAYS - 1)
    fullest = max(
        sum(days_within(first, last, start, start + year) for first, last in taken)
        for start in (
            first_day - year + timedelta(days=n) for n in range((last_day - first_day).days + ABSENCE_YEAR_DAYS)
        )
    )
    return ABSENCE_DAYS_PER_YEAR - fullest


class Absence(models.Model):
    """A player's announced absence, from the start of `first_day` to the end of
    `last_day` in their time zone when they announced it (`starts_at`, `ends_at`). While
    it is under way, their clock stands still at every table with `absences_stop_clock`
    (tables.actions.absences). An early end ("I'm back") moves `ends_at` to that moment and
    `last_day` to that day, which counts as taken: the days after it are given back."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="absences")
    first_day = models.DateField()
    last_day = models.DateField()
    starts_at = models.DateTimeField(db_index=True)
    ends_at = models.DateTimeField(db_index=True)
    ended_early = models.BooleanField(default=False)
    # Whether its start and its end reached the player's tables: the sweeper claims each
    # with a conditional update, in the transaction that changes the tables.
    begun = models.BooleanField(default=False)
    over = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AbsenceQuerySet.as_manager()

    class Meta:
        ordering = ["first_day"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(last_day__gte=models.F("first_day")), name="absence_days_in_order"
            )
        ]

    def __str__(self):
        return f"{self.user} away {self.first_day} to {self.last_day}"

    @property
    def days(self) -> int:
        return (self.last_day - self.first_day).days + 1

    @property
    def under_way(self) -> bool:
        return self.begun and not self.over
