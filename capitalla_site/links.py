"""A path of the site as the full address mails and exports carry: under SITE_URL, never
under whatever host a request named."""

from urllib.parse import urljoin

from django.conf import settings


def absolute(path: str) -> str:
    return urljoin(settings.SITE_URL.rstrip("/") + "/", path.lstrip("/"))
