from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "Open API"

    def ready(self):
        # The API's part of an account's profile, closing and data download.
        from . import account_data  # noqa: F401
