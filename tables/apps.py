from django.apps import AppConfig


class TablesConfig(AppConfig):
    """The core: tables, seats, the move log, the write layer, the lobby and table pages."""

    name = "tables"

    def ready(self):
        # Seats renamed with their player; the tables' part of an account's closing and
        # data download; then the games of GAME_APPS, into the registry.
        from . import account_data, plugins, signals  # noqa: F401

        plugins.load()
