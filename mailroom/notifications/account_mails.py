"""An account's own mails, which are no mailing (no unsubscribe link): the link to
choose a new password and the link to confirm the account's address."""

from django.contrib.auth.tokens import default_token_generator
from django.db.models import Max
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts import confirmation
from capitalla_site.links import absolute


def next_account_mail(user, kind) -> int:
    """Each request for an account's mail is its next number of that kind."""
    last = user.notifications.filter(kind=kind).aggregate(n=Max("version"))["n"]
    return 0 if last is None else last + 1


def password_reset_mail(user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = absolute(reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)]))
    return "Choose a new Capitalla password", {"title": "Choose a new password", "link": link}


def address_confirmation_mail(user):
    return "Confirm your Capitalla mail address", {
        "title": "Confirm your mail address",
        "link": confirmation.confirmation_link(user),
        "link_days": confirmation.link_days(),
        "starting_chips": confirmation.chips_waiting(user),
    }
