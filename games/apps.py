from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from . import checks, signals  # noqa: F401  (deploy checks; seats renamed with their player)
