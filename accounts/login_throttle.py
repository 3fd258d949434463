"""The login throttle (django-axes) as this site uses it: the backend that checks every
web login, which attempts it leaves alone, and the page a locked-out client sees."""

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from django.contrib.auth import get_user_model
from django.shortcuts import render

USERNAME_MAX_LENGTH = get_user_model()._meta.get_field("username").max_length


class LoginThrottleBackend(AxesStandaloneBackend):
    """Refuses any login while the account or the client address is locked out. Code that
    authenticates without a request (the tests' client.login) has no client to throttle."""

    def authenticate(self, request, *args, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


def attempted_username(request, credentials) -> str | None:
    """The username a failed login tried, as axes records it: cut to the longest a username
    can be (a longer one names no account), so that a huge one is stored, not a 500."""
    username = (credentials or {}).get("username", request.POST.get("username"))
    return None if username is None else str(username)[:USERNAME_MAX_LENGTH]


def is_magic_link(request, credentials) -> bool:
    """Mailed links are not counted: their tokens cannot be guessed, and a mail scanner
    fetching an expired one must not lock its owner's network out."""
    return "sesame" in (credentials or {})


def locked_out(request, original_response=None, credentials=None):
    minutes = max(1, round(get_cool_off(request).total_seconds() / 60))
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
