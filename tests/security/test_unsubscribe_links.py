"""Unsubscribe links turn a player's mail off without a login, so they must not be forgeable,
must not live for ever, and must not show whose address they are for."""

import os
import subprocess
import sys
import time
from unittest import mock

import pytest
from django.conf import settings
from django.core import signing
from django.urls import reverse

from mailroom.notifications.links import UNSUBSCRIBE_SALT, unsubscribe_url

pytestmark = pytest.mark.django_db

# The key the code shipped with, used whenever SECRET_KEY was unset.
SHIPPED_DEV_KEY = "dev-only-insecure-key-change-me-in-production"


def path_of(url: str) -> str:
    return url[len(settings.SITE_URL) :]


def settings_import(tmp_path, **env):
    """Import the site's settings in a fresh interpreter with this environment."""
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    clean.update(env, VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="capitalla_site.settings")
    code = "from django.conf import settings; print(settings.SECRET_KEY)"
    return subprocess.run(
        [sys.executable, "-c", code], env=clean, capture_output=True, text=True, cwd=settings.BASE_DIR, timeout=60
    )


def test_a_token_forged_with_the_shipped_development_key_is_refused(client, alice):
    forged = signing.dumps(alice.pk, key=SHIPPED_DEV_KEY, salt=UNSUBSCRIBE_SALT, compress=True)
    response = client.post(reverse("unsubscribe", args=[forged]))
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.email_notifications == "turn"


def test_the_site_refuses_to_start_without_a_secret_key_unless_debug_is_on(tmp_path):
    refused = settings_import(tmp_path, DEBUG="0")
    assert refused.returncode != 0 and "ImproperlyConfigured" in refused.stderr
    assert "SECRET_KEY" in refused.stderr
    assert settings_import(tmp_path, DEBUG="0", SECRET_KEY="s" * 50).returncode == 0


def test_with_debug_on_and_no_secret_key_the_key_is_random_and_kept_private(tmp_path):
    first, again = settings_import(tmp_path, DEBUG="1"), settings_import(tmp_path, DEBUG="1")
    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    assert key == again.stdout.strip() and len(key) >= 50 and key != SHIPPED_DEV_KEY
    kept = tmp_path / "secret_key"
    assert kept.read_text().strip() == key and kept.stat().st_mode & 0o777 == 0o600
    other = tmp_path / "other"
    other.mkdir()
    assert settings_import(other, DEBUG="1").stdout.strip() != key  # not a constant in the code


def test_an_expired_unsubscribe_token_is_refused(client, alice, settings):
    days = settings.UNSUBSCRIBE_DAYS
    with mock.patch("django.core.signing.time.time", return_value=time.time() - (days + 1) * 86400):
        old = path_of(unsubscribe_url(alice))
    for method in (client.get, client.post):
        response = method(old)
        assert response.status_code == 410 and "has expired" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email_notifications == "turn"


def test_a_token_signed_for_another_purpose_is_refused(client, alice):
    other_purpose = signing.dumps(alice.pk, compress=True)  # e.g. another signed value of the site
    assert client.post(reverse("unsubscribe", args=[other_purpose])).status_code == 400
    alice.refresh_from_db()
    assert alice.email_notifications == "turn"


def test_the_unsubscribe_page_shows_no_mail_address(client, alice):
    alice.email = "alice.private@example.com"
    alice.save()
    path = path_of(unsubscribe_url(alice))
    for response in (client.get(path), client.post(path)):
        assert response.status_code == 200
        assert "alice.private" not in response.content.decode()
