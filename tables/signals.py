"""What the core announces to the apps above it, which it does not import (mail, for one),
and the names seats are shown under kept in step with their players."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver

from tables.models import Seat

# A player's turn clock ran out (`game`, `seat`): a bot plays the seat now, or the player
# is out. Sent inside the transaction that recorded it.
seat_timed_out = Signal()
# Each sweeper pass (`now`): a receiver does the background work of its app that has come
# due and returns {what: how many} for the pass's report.
sweeping = Signal()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def rename_seats(sender, instance, created, update_fields=None, **kwargs):
    """A player who changes their display name plays under the new one at every table.
    Saves that cannot change it (a login stamping `last_login`) are skipped."""
    if created or (update_fields is not None and not {"display_name", "username"} & set(update_fields)):
        return
    Seat.objects.filter(user=instance).exclude(player_name=instance.name).update(player_name=instance.name)
