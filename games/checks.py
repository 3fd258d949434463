"""Deployment checks (`manage.py check --deploy`): settings that work on a laptop but would
quietly break mail in production."""

from urllib.parse import urlparse

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def check_mail_settings(app_configs=None, **kwargs):
    warnings = []
    host = urlparse(settings.SITE_URL).hostname or ""
    if host in ("127.0.0.1", "localhost", "") or host.endswith(".localhost"):
        warnings.append(Warning(
            f"SITE_URL is {settings.SITE_URL!r}: every link in a mail (magic links, unsubscribe, "
            "password reset) would point at this machine.",
            hint="Set SITE_URL to the site's public address, e.g. https://capitalla.example.",
            id="capitalla.W001"))
    if settings.MAILERS["default"]["BACKEND"] == settings.OUTBOX_BACKEND:
        warnings.append(Warning(
            "No mail server: mail is kept in the database (the outbox) instead of being sent.",
            hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD).",
            id="capitalla.W002"))
    return warnings
