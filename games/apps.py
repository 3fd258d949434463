from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # Deploy checks; seats renamed with their player; mailed links revoked at sign-out
        # and password change, and scoped sessions unscoped by a normal sign-in.
        from . import checks, magic_links, scoped_sessions, signals  # noqa: F401
