"""A turn clock's time left in words, as the page shows it before countdown.js takes over
(and as it stays without scripts): timeuntil's "0 minutes" said nothing of a clock of 30 s."""

from django import template
from django.utils import timezone
from django.utils.timesince import timeuntil

register = template.Library()


@register.filter
def time_left(deadline) -> str:
    seconds = int((deadline - timezone.now()).total_seconds())
    if seconds <= 0:
        return "time is up"
    if seconds < 60:
        return f"{seconds} second{'s' * (seconds != 1)} left"
    return f"{timeuntil(deadline)} left"
