"""Confirming a mail address: a signed link mailed to it, for that purpose only, naming
the account and the address. On an account's first confirmation it gets its starting
chips: once per account and once per address, however the address is dressed up, so
throwaway accounts print no chips."""

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse

from capitalla_site.links import absolute
from ledger import chips
from ledger.models import StartingGrant

from . import throttle
from .addresses import normalised_address
from .models import User
from .signals import address_to_confirm

SALT = "capitalla.confirm-address"


class LinkRefused(Exception):
    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message = message
        self.status = status


def link_days() -> int:
    return settings.CONFIRM_ADDRESS_DAYS


def confirmation_link(user) -> str:
    token = signing.dumps({"user": user.pk, "address": user.email}, salt=SALT, compress=True)
    return absolute(reverse("confirm_address", args=[token]))


def user_for_link(token: str):
    """The account a confirmation link was made for, while the address it names is still
    the account's; else LinkRefused with what to tell the visitor."""
    try:
        claim = signing.loads(token, salt=SALT, max_age=link_days() * 86400)
    except signing.SignatureExpired:
        raise LinkRefused("This link has expired. Send yourself a new one from your profile.", 410) from None
    except signing.BadSignature:
        raise LinkRefused("This is not a confirmation link of ours.", 400) from None
    user = User.objects.filter(pk=claim.get("user")).first() if isinstance(claim, dict) else None
    if user is None:
        raise LinkRefused("This is not a confirmation link of ours.", 400)
    if user.email != claim.get("address"):
        raise LinkRefused("This link is for an address that is no longer on the account.", 410)
    return user


def send_confirmation(user) -> bool:
    """Mail the confirmation link to the account's address, unless the account or the
    address had CONFIRMATION_MAIL_LIMIT of them in the last hour. True if sent or on its
    way (a mail server that refuses it leaves it to the sweeper's tries)."""
    limit = settings.CONFIRMATION_MAIL_LIMIT
    if not (
        throttle.take("confirmation-mail", f"user:{user.pk}", limit)
        and throttle.take("confirmation-mail", normalised_address(user.email), limit)
    ):
        return False
    # A mail row like every mail: one the mail server refuses is tried again, not lost.
    address_to_confirm.send(sender=User, user=user)
    return True


def confirm_address(user) -> int:
    """Mark the account's current address as confirmed and, on the first confirmation of
    the account and of the address, grant STARTING_CHIPS. Returns the chips granted.
    Safe to call again (load_demo does): a second call grants nothing."""
    if not user.email:
        raise ValueError("an account without an address has nothing to confirm")
    with transaction.atomic():
        user.confirmed_email = user.email
        user.save(update_fields=["confirmed_email"])
        return _grant_starting_chips(user)


def chips_waiting(user) -> int:
    """The starting chips this account gets once its address is confirmed: 0 if it got
    them, or if its address (when it has one) already brought another account theirs."""
    return 0 if _granted(user) else settings.STARTING_CHIPS


def _granted(user) -> bool:
    """Whether the account, or the address it would confirm, had its starting chips."""
    spent = Q(user=user)
    if user.email:
        spent |= Q(address=normalised_address(user.email))
    return StartingGrant.objects.filter(spent).exists()


def _grant_starting_chips(user) -> int:
    if _granted(user):
        return 0
    address = normalised_address(user.email)
    try:
        with transaction.atomic():  # the unique user and address settle a race between two confirmations
            StartingGrant.objects.create(user=user, address=address)
    except IntegrityError:
        return 0
    chips.grant(chips.player_account(user), settings.STARTING_CHIPS)
    return settings.STARTING_CHIPS
