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

The apps above accounts do their part when asked (accounts/signals.py): the tables
(tables/account_data.py) are left and the table talk goes, the mail (mailroom/account_data.py)
and the API tokens (api/account_data.py) are deleted.
"""

import secrets

from axes.models import AccessAttempt
from django.db import transaction

from ledger import chips

from .models import Absence, User
from .names import CLOSED_NAME, CLOSED_USERNAME_PREFIX
from .signals import account_closing, answers, closing_foreseen


class ClosingRefused(Exception):
    """An app above accounts cannot let the account close (a table refused): nothing changed.
    `message` is fit to show the player; `status` is the page's HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


def what_closing_does(user) -> dict:
    """What closing the account would change, in words for its owner to read first."""
    return {"chips": chips.balance_of(user), **answers(closing_foreseen, user)}


def close_account(user) -> None:
    """Close `user`'s account for good; all of it or, should anything refuse, none."""
    with transaction.atomic():
        user = User.objects.select_for_update(no_key=True).get(pk=user.pk)
        username = user.username
        account_closing.send(sender=type(user), user=user)
        Absence.objects.filter(user=user).delete()
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
    renames its seats (tables.signals), so every table shows the new name."""
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
