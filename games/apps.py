from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from . import signals  # noqa: F401  (renames seats when a player renames themself)
