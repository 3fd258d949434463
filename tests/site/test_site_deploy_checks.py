"""`manage.py check --deploy` warns about settings that would break mail in production, or
make the HTTPS redirect loop behind the TLS proxy."""

from django.core.checks import Tags, run_checks


def ours():
    found = run_checks(tags=[Tags.security], include_deployment_checks=True)
    return sorted(m.id for m in found if m.id.startswith("capitalla."))


def test_the_development_defaults_are_flagged(settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}
    assert ours() == ["capitalla.W001", "capitalla.W002"]


def test_a_public_address_and_a_mail_server_pass(settings):
    settings.SITE_URL = "https://capitalla.example"
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend"}}
    assert ours() == []


def test_an_https_redirect_behind_a_proxy_not_trusted_to_say_https_is_flagged(settings):
    settings.SITE_URL = "https://capitalla.example"
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend"}}
    settings.SECURE_SSL_REDIRECT, settings.TRUSTED_PROXIES, settings.SECURE_PROXY_SSL_HEADER = True, 1, None
    assert ours() == ["capitalla.W003"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")  # BEHIND_TLS_PROXY=1
    assert ours() == []
