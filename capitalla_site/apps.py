from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site as a whole: its deployment checks and its health report."""

    name = "capitalla_site"

    def ready(self):
        from . import checks  # noqa: F401
