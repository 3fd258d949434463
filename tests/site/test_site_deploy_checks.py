"""`manage.py check --deploy` warns about settings that would break mail in production."""

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
