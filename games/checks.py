"""Deployment checks (`manage.py check --deploy`): settings that work on a laptop but would
quietly break mail in production, an HTTPS redirect that would loop behind the proxy, and
static files not collected."""

from urllib.parse import urlparse

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.checks import Error, Tags, Warning, register

from games.mail import outbox_enabled


@register(Tags.security, deploy=True)
def check_mail_settings(app_configs=None, **kwargs):
    warnings = []
    host = urlparse(settings.SITE_URL).hostname or ""
    if host in ("127.0.0.1", "localhost", "") or host.endswith(".localhost"):
        warnings.append(
            Warning(
                f"SITE_URL is {settings.SITE_URL!r}: every link in a mail (magic links, unsubscribe, "
                "password reset) would point at this machine.",
                hint="Set SITE_URL to the site's public address, e.g. https://capitalla.example.",
                id="capitalla.W001",
            )
        )
    if outbox_enabled():
        warnings.append(
            Warning(
                "No mail server: mail is kept in the database (the outbox) instead of being sent.",
                hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD).",
                id="capitalla.W002",
            )
        )
    return warnings


@register(Tags.security, deploy=True)
def check_tls_proxy(app_configs=None, **kwargs):
    """Behind a proxy (TRUSTED_PROXIES) every request reaches Django over plain HTTP: unless
    the proxy's X-Forwarded-Proto is believed, the HTTPS redirect answers every page with a
    redirect to itself."""
    if settings.SECURE_SSL_REDIRECT and settings.TRUSTED_PROXIES and not settings.SECURE_PROXY_SSL_HEADER:
        return [
            Warning(
                "SECURE_SSL_REDIRECT is on behind a proxy that is not trusted to say HTTPS: every "
                "page would redirect to itself.",
                hint="Set BEHIND_TLS_PROXY=1 (README, Production), the proxy setting X-Forwarded-Proto.",
                id="capitalla.W003",
            )
        ]
    return []


@register(Tags.staticfiles, deploy=True)
def check_static_files_collected(app_configs=None, **kwargs):
    """With DEBUG off every page names its static files by their hashed copies: until
    `collectstatic` made them, each page fails (and without htmx no table refreshes)."""
    if not isinstance(staticfiles_storage, ManifestFilesMixin) or staticfiles_storage.exists(
        staticfiles_storage.manifest_name
    ):
        return []
    return [
        Error(
            f"The static files are not collected: no {staticfiles_storage.manifest_name} in {settings.STATIC_ROOT}.",
            hint="Run `manage.py collectstatic --noinput` (README, Production).",
            id="capitalla.E001",
        )
    ]
