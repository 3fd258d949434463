from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The home of the game packages (games/<slug>/, each an app of its own). Its migrations
    are the history of the core's and the mail's tables from before they became the
    `tables` and `mailroom` apps: databases made then upgrade through them
    (docs/decisions/0042-apps-by-layer.md)."""

    name = "games"
