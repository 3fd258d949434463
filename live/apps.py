from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Server push: news of every change of a table, published on commit, and the streams
    that carry it to open pages."""

    name = "live"

    def ready(self):
        from . import news  # noqa: F401
