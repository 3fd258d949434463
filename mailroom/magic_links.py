"""Magic links: the game links in mails, each one a MagicLink row the server keeps.

The sesame token's scope names the row ("game:<game>:link:<link>"), so a token proves who
it was made for and which link it is, and the row says whether that link still works:
it opens one session (claimed with a conditional update, so two presses cannot both win),
and dies when its owner signs out or changes their password or address, or when its game ends.
django-sesame's own one-time mode is not used: it keys on `last_login`, so any sign-in
would kill all of a player's links at once.
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db.models import Q
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from sesame.utils import get_query_string, get_user

from mailroom.models import MagicLink
from tables.models import Game

# Long enough to tell "expired" from "not a valid link"; the real limit is SESAME_MAX_AGE.
_ANY_AGE = timedelta(days=3650)


class LinkRefused(Exception):
    """Why a link does not open its game: `reason` names the page's message."""

    STATUS = {"invalid": 404, "expired": 410, "used": 410, "revoked": 410, "over": 410}

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
        self.status = self.STATUS[reason]


def issue(user, game_id: int) -> str:
    """A new link (path and query string) that opens this game for `user`, once."""
    link = MagicLink.objects.create(user=user, game_id=game_id)
    return reverse("magic_link", args=[game_id, link.pk]) + get_query_string(user, scope=link.scope)


def check_link(request, game: Game, link_id: int) -> MagicLink:
    """The link this request carries, with `link.user` authenticated by its token (ready
    for login()); or LinkRefused. Writes nothing."""
    link = MagicLink.objects.filter(pk=link_id, game=game).first()
    user = link and get_user(request, scope=link.scope, update_last_login=False)
    if user is None or user.pk != link.user_id:
        too_old = (
            link is not None
            and get_user(request, scope=link.scope, max_age=_ANY_AGE, update_last_login=False) is not None
        )
        raise LinkRefused("expired" if too_old else "invalid")
    if link.revoked_at is not None:
        raise LinkRefused("revoked")
    if game.status in (Game.Status.FINISHED, Game.Status.ABANDONED):
        raise LinkRefused("over")
    if link.used_at is not None:
        raise LinkRefused("used")
    link.user = user
    return link


def claim(link: MagicLink) -> None:
    """Mark the link used, or LinkRefused if another press (another browser) was first."""
    claimed = MagicLink.objects.filter(pk=link.pk, used_at__isnull=True, revoked_at__isnull=True).update(
        used_at=timezone.now()
    )
    if not claimed:
        raise LinkRefused("used")


def is_live(link_id: int) -> bool:
    return MagicLink.objects.filter(pk=link_id, revoked_at__isnull=True).exists()


def revoke_all(user) -> int:
    return MagicLink.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())


@receiver(user_logged_out)
def revoke_at_sign_out(sender, request, user, **kwargs):
    """Signing out anywhere kills every link mailed so far (and the sessions they opened)."""
    if user is not None:
        revoke_all(user)


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def revoke_at_password_or_address_change(sender, instance, update_fields=None, **kwargs):
    """A new password kills every link mailed so far (sesame's tokens already die with the
    old password's hash; the rows say so too), and so does a new mail address: the links
    sit in the old mailbox, which may no longer be the player's. Saves that can touch
    neither (a login stamping `last_login`) cost no query."""
    if instance.pk is None or (update_fields is not None and not {"password", "email"} & set(update_fields)):
        return
    changed = Q(password=instance.password) & Q(email=instance.email)
    if sender.objects.filter(pk=instance.pk).exclude(changed).exists():
        revoke_all(instance)
