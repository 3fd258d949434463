"""Deployment checks of the site (`manage.py check --deploy`): an HTTPS redirect that would
loop behind the proxy, static files not collected, the embedded SQLite database and broker,
a public host not allowed."""

from urllib.parse import urlparse

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.checks import Error, Tags, Warning, register
from django.http.request import validate_host


def is_local_host(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "") or host.endswith(".localhost")


@register("services", deploy=True)
def check_production_services(app_configs=None, **kwargs):
    """The embedded SQLite database and broker are for one machine's development: one
    writer at a time, and nothing shared with a second machine (docs/operators.md, Production)."""
    found = []
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        found.append(
            Warning(
                "The database is the embedded SQLite file: DATABASE_URL is not set.",
                hint="Set DATABASE_URL to the PostgreSQL database, e.g. postgres://capitalla@db.example/capitalla.",
                id="capitalla.W005",
            )
        )
    if settings.CELERY_BROKER_TRANSPORT.startswith("capitalla_site.embedded_broker"):
        found.append(
            Warning(
                "The Celery broker is the embedded SQLite file, and pages only poll: REDIS_URL is not set.",
                hint="Set REDIS_URL, e.g. redis://127.0.0.1:6379/0, in every process.",
                id="capitalla.W006",
            )
        )
    return found


@register(Tags.security, deploy=True)
def check_site_host_allowed(app_configs=None, **kwargs):
    """Django answers 400 to a request for a host ALLOWED_HOSTS does not name: every public
    request would fail."""
    host = urlparse(settings.SITE_URL).hostname or ""
    if validate_host(host, settings.ALLOWED_HOSTS):
        return []
    return [
        Error(
            f"SITE_URL's host {host!r} is not in ALLOWED_HOSTS {settings.ALLOWED_HOSTS}: every public "
            "request would answer 400.",
            hint=f"Set ALLOWED_HOSTS={host},127.0.0.1 (the public name, and the monitor's address for /healthz/).",
            id="capitalla.E002",
        )
    ]


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
                hint="Set BEHIND_TLS_PROXY=1 (docs/operators.md, Production), the proxy setting X-Forwarded-Proto.",
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
            hint="Run `manage.py collectstatic --noinput` (docs/operators.md, Production).",
            id="capitalla.E001",
        )
    ]
