from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # Deploy checks; seats renamed with their player; mailed links revoked at sign-out
        # and password change, and scoped sessions unscoped by a normal sign-in; the mail
        # accounts ask for; news of every change of a table published on commit.
        from . import checks, magic_links, plugins, scoped_sessions, signals  # noqa: F401
        from .live import news  # noqa: F401
        from .notifications import sending  # noqa: F401

        plugins.load()  # the games of GAME_APPS, into the registry
