"""The site as the production steps of docs/operators.md run it: gunicorn with DEBUG off
behind a TLS proxy (the proxy's X-Forwarded-Proto header). Signing in is not refused as a
cross-site POST, pages reference hashed static files that are served, and the monitor's
/healthz/ on 127.0.0.1 over plain HTTP answers."""

import http.client
import re
from urllib.parse import urlencode

import pytest
from production_site import deploy, gunicorn, manage

PROXIED = {"Host": "capitalla.example", "X-Forwarded-Proto": "https"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("production")
    deploy(var_dir)
    made = manage(
        var_dir,
        "createsuperuser",
        "--noinput",
        "--username",
        "operator",
        "--email",
        "operator@capitalla.example",
        DJANGO_SUPERUSER_PASSWORD="operator-password-1",
    )
    assert made.returncode == 0, made.stderr
    with gunicorn(var_dir) as port:
        yield port


def request(port, method, path, headers=PROXIED, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response, response.read().decode(errors="replace")


def test_signing_in_through_the_tls_proxy_is_not_refused_as_cross_site(site):
    response, page = request(site, "GET", "/accounts/login/")
    assert response.status == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    cookie = response.getheader("Set-Cookie")
    assert "Secure" in cookie
    form = urlencode({"csrfmiddlewaretoken": token, "username": "operator", "password": "operator-password-1"})
    headers = PROXIED | {
        "Origin": "https://capitalla.example",
        "Referer": "https://capitalla.example/accounts/login/",
        "Cookie": cookie.split(";")[0],
        "Content-Type": "application/x-www-form-urlencoded",
    }
    response, _ = request(site, "POST", "/accounts/login/", headers, form)
    assert response.status == 302, response.status
    assert "sessionid=" in " ".join(response.headers.get_all("Set-Cookie"))


def test_pages_reference_hashed_static_files_that_are_served(site):
    response, page = request(site, "GET", "/accounts/login/")
    scripts = re.findall(r'src="(/static/vendor/htmx\.min\.[0-9a-f]{12}\.js)"', page)
    assert scripts, page[:2000]
    styles = re.findall(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    for path in scripts + styles:
        served, _ = request(site, "GET", path)
        assert served.status == 200, path


def test_plain_http_is_redirected_to_https(site):
    response, _ = request(site, "GET", "/accounts/login/", {"Host": "capitalla.example"})
    assert response.status == 301
    assert response.getheader("Location") == "https://capitalla.example/accounts/login/"


def test_the_monitor_reads_healthz_on_127_0_0_1_over_plain_http(site):
    response, body = request(site, "GET", "/healthz/", {"Host": "127.0.0.1"})
    assert response.status == 200, body
    assert '"ok": true' in body
