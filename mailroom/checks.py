"""Deployment checks of mail (`manage.py check --deploy`): settings that work on a laptop
but would quietly break mail in production."""

from email.utils import parseaddr
from urllib.parse import urlparse

from django.conf import settings
from django.core.checks import Info, Tags, Warning, register

from capitalla_site.checks import is_local_host
from mailroom.outbox import outbox_enabled


@register(Tags.security, deploy=True)
def check_mail_settings(app_configs=None, **kwargs):
    warnings = []
    host = urlparse(settings.SITE_URL).hostname or ""
    if is_local_host(host):
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


@register(Tags.mail, deploy=True)
def check_mail_addresses(app_configs=None, **kwargs):
    """The sender's default domain is no one's: receiving servers refuse or bin its mail.
    Without MAIL_IN_ADDRESS the site works, only turn mails take no replies."""
    found = []
    sender_domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2]
    if is_local_host(sender_domain):
        found.append(
            Warning(
                f"DEFAULT_FROM_EMAIL is {settings.DEFAULT_FROM_EMAIL!r}: mail from a .localhost address "
                "is refused or taken for spam.",
                hint="Set DEFAULT_FROM_EMAIL to an address of the site's own domain, e.g. "
                "'Capitalla <noreply@capitalla.example>' (docs/operators.md, Mail in: its SPF and DKIM).",
                id="capitalla.W004",
            )
        )
    if not settings.MAIL_IN_ADDRESS:
        found.append(
            Info(
                "MAIL_IN_ADDRESS is not set: play by mail is off, turn mails only link to the game.",
                hint="To take moves by reply, set MAIL_IN_ADDRESS (docs/operators.md, Mail in).",
                id="capitalla.I001",
            )
        )
    return found
