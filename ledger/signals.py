from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from . import chips


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def grant_starting_chips(sender, instance, created, raw=False, **kwargs):
    """Every new account starts with the same grant (a setting)."""
    if created and not raw and settings.STARTING_CHIPS > 0:
        chips.grant(chips.player_account(instance), settings.STARTING_CHIPS)
