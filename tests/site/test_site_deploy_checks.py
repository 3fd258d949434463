"""`manage.py check --deploy` warns about settings that would break mail in production, or
make the HTTPS redirect loop behind the TLS proxy. It passed a deployment on the embedded
SQLite database and broker, with SITE_URL's host not in ALLOWED_HOSTS (every public request
400) and mail sent from noreply@capitalla.localhost: those fail it now, and an unset
MAIL_IN_ADDRESS (play by mail off) is noted without failing it."""

import pytest
from django.core.checks import INFO, run_checks

# The checks read settings only: overriding DATABASES leaves the test's connection alone.
# Django's own model checks ask the connection (SQLite: whether it has JSON), once per
# process: a test that runs first (a worker of its own, a file run alone) needs the database.
pytestmark = [pytest.mark.filterwarnings("ignore:Overriding setting DATABASES"), pytest.mark.django_db]

POSTGRES = {"ENGINE": "django.db.backends.postgresql", "NAME": "capitalla"}
SQLITE = {"ENGINE": "django.db.backends.sqlite3", "NAME": "capitalla.sqlite3"}


def ours(level_at_least=0):
    found = run_checks(include_deployment_checks=True)
    return sorted(m.id for m in found if m.id.startswith("capitalla.") and m.level >= level_at_least)


def failing():
    """What `check --deploy --fail-level WARNING` fails on."""
    return ours(level_at_least=INFO + 1)


@pytest.fixture
def production(settings):
    """The production environment of docs/operators.md, as the settings read it."""
    settings.SITE_URL = "https://capitalla.example"
    settings.ALLOWED_HOSTS = ["capitalla.example", "127.0.0.1"]
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend"}}
    settings.DEFAULT_FROM_EMAIL = "Capitalla <noreply@capitalla.example>"
    settings.MAIL_IN_ADDRESS = "play@play.capitalla.example"
    settings.DATABASES = {"default": POSTGRES}
    settings.CELERY_BROKER_TRANSPORT = "capitalla_site.redis_broker:Transport"
    return settings


def test_the_development_defaults_are_flagged(production):
    production.SITE_URL = "http://127.0.0.1:8000"
    production.MAILERS = {"default": {"BACKEND": production.OUTBOX_BACKEND}}
    assert ours() == ["capitalla.W001", "capitalla.W002"]


def test_a_public_address_and_a_mail_server_pass(production):
    assert ours() == []


def test_an_https_redirect_behind_a_proxy_not_trusted_to_say_https_is_flagged(production):
    production.SECURE_SSL_REDIRECT, production.TRUSTED_PROXIES, production.SECURE_PROXY_SSL_HEADER = True, 1, None
    assert ours() == ["capitalla.W003"]
    production.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")  # BEHIND_TLS_PROXY=1
    assert ours() == []


def test_the_embedded_sqlite_database_is_flagged(production):
    production.DATABASES = {"default": SQLITE}  # no DATABASE_URL
    assert failing() == ["capitalla.W005"]


def test_the_embedded_broker_is_flagged(production):
    production.CELERY_BROKER_TRANSPORT = "capitalla_site.embedded_broker:Transport"  # no REDIS_URL
    assert failing() == ["capitalla.W006"]


def test_a_site_host_that_allowed_hosts_does_not_name_is_an_error(production):
    production.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]  # the default
    assert failing() == ["capitalla.E002"]
    production.ALLOWED_HOSTS = [".capitalla.example"]  # a subdomain pattern covers it
    assert failing() == []


def test_the_default_sender_address_is_flagged(production):
    production.DEFAULT_FROM_EMAIL = "Capitalla <noreply@capitalla.localhost>"
    assert failing() == ["capitalla.W004"]


def test_play_by_mail_off_is_noted_without_failing(production):
    production.MAIL_IN_ADDRESS = ""
    assert ours() == ["capitalla.I001"]
    assert failing() == []
