"""The links a mail carries: a magic link that signs its player in for one game, a plain
link to a game that is over, and the one-click unsubscribe link (a signed, expiring token,
no login)."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

from capitalla_site.links import absolute
from mailroom import magic_links

UNSUBSCRIBE_SALT = "capitalla.unsubscribe"


def magic_link(user, game_id: int) -> str:
    """A new link that signs `user` in for this game only, once (after a POST on its
    landing page), while the game is on and for SESAME_MAX_AGE at most."""
    return absolute(magic_links.issue(user, game_id))


def game_link(game) -> str:
    """A plain link to a game's page, for mails about a game that is over (a magic link
    would be dead already): a private game asks for a sign-in."""
    return absolute(game.get_absolute_url())


def link_days() -> int:
    max_age = settings.SESAME_MAX_AGE
    seconds = max_age.total_seconds() if hasattr(max_age, "total_seconds") else float(max_age)
    return max(1, round(seconds / 86400))


def unsubscribe_token(user) -> str:
    return signing.dumps(user.pk, salt=UNSUBSCRIBE_SALT, compress=True)


def user_from_unsubscribe_token(token: str):
    """The user an unsubscribe token was made for, or None if it is not one of ours.
    Raises signing.SignatureExpired for one of ours older than UNSUBSCRIBE_DAYS."""
    try:
        pk = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=timedelta(days=settings.UNSUBSCRIBE_DAYS))
    except signing.SignatureExpired:
        raise
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=pk).first() if isinstance(pk, int) else None


def unsubscribe_url(user) -> str:
    return absolute(reverse("unsubscribe", args=[unsubscribe_token(user)]))
