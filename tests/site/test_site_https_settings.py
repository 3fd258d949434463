"""Behind a TLS proxy every POST answered 403 ("Origin checking failed"): there was no
SECURE_PROXY_SSL_HEADER, no CSRF_TRUSTED_ORIGINS, and the environment could not set them.
The HTTPS settings come from the environment, and `check --deploy` is clean with
production values."""

from production_site import manage, setting


def test_behind_a_tls_proxy_the_forwarded_scheme_is_trusted(tmp_path):
    assert setting(tmp_path, "SECURE_PROXY_SSL_HEADER") == ("HTTP_X_FORWARDED_PROTO", "https")
    assert setting(tmp_path, "SECURE_PROXY_SSL_HEADER", BEHIND_TLS_PROXY=None) is None


def test_the_site_url_is_a_trusted_origin_unless_the_environment_names_others(tmp_path):
    assert setting(tmp_path, "CSRF_TRUSTED_ORIGINS", SITE_URL="https://capitalla.example/play/") == [
        "https://capitalla.example"
    ]
    named = setting(tmp_path, "CSRF_TRUSTED_ORIGINS", CSRF_TRUSTED_ORIGINS="https://a.example,https://b.example")
    assert named == ["https://a.example", "https://b.example"]


def test_cookies_are_secure_when_the_site_is_https(tmp_path):
    assert setting(tmp_path, "SESSION_COOKIE_SECURE") is True
    assert setting(tmp_path, "CSRF_COOKIE_SECURE") is True
    assert setting(tmp_path, "SESSION_COOKIE_SECURE", SITE_URL="http://127.0.0.1:8000") is False
    assert setting(tmp_path, "CSRF_COOKIE_SECURE", SITE_URL="http://127.0.0.1:8000") is False


def test_hsts_and_the_https_redirect_come_from_the_environment(tmp_path):
    assert setting(tmp_path, "SECURE_HSTS_SECONDS") == 31536000
    assert setting(tmp_path, "SECURE_SSL_REDIRECT") is True
    assert setting(tmp_path, "SECURE_HSTS_SECONDS", SECURE_HSTS_SECONDS=None) == 0
    assert setting(tmp_path, "SECURE_SSL_REDIRECT", SECURE_SSL_REDIRECT=None) is False


def test_check_deploy_is_clean_with_production_values(tmp_path):
    collected = manage(tmp_path, "collectstatic", "--noinput")
    assert collected.returncode == 0, collected.stderr
    # The rest of the operators' production environment (check --deploy connects to neither).
    services = {
        "DATABASE_URL": "postgres://capitalla@db.capitalla.example/capitalla",
        "REDIS_URL": "redis://redis.capitalla.example:6379/0",
        "DEFAULT_FROM_EMAIL": "Capitalla <noreply@capitalla.example>",
        "MAIL_IN_ADDRESS": "play@play.capitalla.example",
    }
    checked = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **services)
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout
