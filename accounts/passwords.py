"""The current password, asked again by a signed-in session before it changes what guards
the account (its address, its password, an API token). A session someone else holds
(a shared computer) could otherwise guess it without end: wrong answers are counted per
account, PASSWORD_TRIES an hour across these forms, and right ones are not."""

from accounts import throttle

PASSWORD_TRIES = 10
TOO_MANY = "Too many wrong passwords: wait an hour before you try again."
_SCOPE = "current-password"


def current_password_checked(user, password: str) -> bool | None:
    """True if `password` is the account's, False if not, None (not checked) once
    PASSWORD_TRIES wrong ones were given in the last hour."""
    counted = throttle.take(_SCOPE, str(user.pk), PASSWORD_TRIES)
    if counted is None:
        return None
    if not user.check_password(password):
        return False
    throttle.give_back(counted)  # only wrong passwords count
    return True
