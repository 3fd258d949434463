"""Closing an account, at its owner's request (the profile's "Close your account") or
the staff's (the admin's action).

The games an account played belong to the other players too: their records, replays,
ratings and the chip ledger keep every move and every chip. So the account row stays,
under a name that says the player is gone, and what is the person's goes: the mail
address, the name, the password, the table talk, the mail kept for them and the mail
they sent in, the API tokens, the game links, the absences. Nobody can sign in as it
again, by password, magic link, token or mail reply. Kept: that its address had its
starting chips (ledger.models.StartingGrant), so that a new account at that address
starts with none, as for any address that had them.
"""

import secrets

from axes.models import AccessAttempt
from django.db import transaction
from django.db.models import Q

from api.models import ApiToken
from games.actions import lifecycle
from games.models import ChatMessage, Game, InboundMail, MagicLink, Notification, OutboxMessage, spoken_list
from games.plugins import PLUGINS
from ledger import chips
from ratings.models import Rating

from .models import Absence, User
from .names import CLOSED_NAME, CLOSED_USERNAME_PREFIX


def what_closing_does(user) -> dict:
    """What closing the account would change, in words for its owner to read first."""
    open_or_playing = Game.objects.filter(status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
    tables = open_or_playing.filter(Q(host=user) | Q(seats__user=user)).distinct().order_by("pk")
    rated = Rating.objects.filter(user=user).values_list("kind", flat=True)
    return {
        "games_in_play": [_table(game) for game in tables if game.status == Game.Status.ACTIVE],
        "open_tables": [_table(game) for game in tables if game.status == Game.Status.OPEN],
        "chips": chips.balance_of(user),
        "rated_games": spoken_list(sorted(PLUGINS[kind].name for kind in rated if kind in PLUGINS)),
    }


def _table(game: Game) -> dict:
    return {"name": game.title, "url": game.get_absolute_url()}


def close_account(user) -> None:
    """Close `user`'s account for good; all of it or, should anything refuse, none."""
    with transaction.atomic():
        user = User.objects.select_for_update(no_key=True).get(pk=user.pk)
        username = user.username
        lifecycle.leave_every_table(user)
        ChatMessage.objects.filter(user=user).delete()
        OutboxMessage.objects.filter(user=user).delete()
        for rows in (InboundMail, Notification, MagicLink, ApiToken, Absence):
            rows.objects.filter(user=user).delete()
        AccessAttempt.objects.filter(username__iexact=username).delete()
        _forget_the_person(user)


def _closed_username(user: User) -> str:
    """closed-<id>; sign-ups may not take such names, but one taken before they were kept
    must not stop an account from closing."""
    name = f"{CLOSED_USERNAME_PREFIX}{user.pk}"
    if User.objects.filter(username__iexact=name).exclude(pk=user.pk).exists():
        name = f"{name}-{secrets.token_hex(4)}"
    return name


def _forget_the_person(user: User) -> None:
    """The account keeps its id and its place in the games; the rest is emptied. A new
    password hash ends every session it had (Django checks it on each request). Saving
    renames its seats (games.signals), so every table shows the new name."""
    user.username = _closed_username(user)
    user.display_name = CLOSED_NAME.format(number=user.pk)
    user.first_name = user.last_name = ""
    user.email = user.confirmed_email = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.email_notifications = User.Mail.OFF
    user.time_zone, user.quiet_from, user.quiet_until = "UTC", None, None
    user.last_login = None
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
