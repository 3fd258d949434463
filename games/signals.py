"""Keeping the names seats are shown under in step with their players."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Seat


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def rename_seats(sender, instance, created, update_fields=None, **kwargs):
    """A player who changes their display name plays under the new one at every table.
    Saves that cannot change it (a login stamping `last_login`) are skipped."""
    if created or (update_fields is not None and not {"display_name", "username"} & set(update_fields)):
        return
    Seat.objects.filter(user=instance).exclude(player_name=instance.name).update(player_name=instance.name)
