"""A new password revokes the account's API tokens, as it ends its other sessions and
its magic links (django-sesame's tokens carry the password hash).

Someone whose account was taken sets a new password to take it back; a token the taker
made meanwhile must not outlive that. Django tells every entry of
AUTH_PASSWORD_VALIDATORS once a new password is saved, whatever the path: the change and
reset forms, the admin, `manage.py changepassword`. A hasher's upgrade of the stored hash
is no change and tells nobody, so tokens survive it."""

from api.models import ApiToken


class RevokeApiTokens:
    """Listed with the password validators for their `password_changed` hook; it refuses
    no password. Its help text tells the player on the password forms."""

    def validate(self, password, user=None) -> None:
        return None

    def password_changed(self, password, user=None) -> None:
        if user is not None and user.pk is not None:
            ApiToken.objects.filter(user=user).delete()

    def get_help_text(self) -> str:
        return "A new password revokes any API tokens made before it."
