"""The site as the README's production steps run it: gunicorn with DEBUG off behind a TLS
proxy (the proxy's X-Forwarded-Proto header). Signing in is not refused as a cross-site
POST, pages reference hashed static files that are served, and the monitor's /healthz/ on
127.0.0.1 over plain HTTP answers."""

import http.client
import re
import socket
import subprocess
import sys
import time
from urllib.parse import urlencode

import pytest
from django.conf import settings

from production_site import environment, manage

PROXIED = {"Host": "capitalla.example", "X-Forwarded-Proto": "https"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("production")
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"], ["createsuperuser", "--noinput",
                 "--username", "operator", "--email", "operator@capitalla.example"]):
        done = manage(var_dir, *step, DJANGO_SUPERUSER_PASSWORD="operator-password-1")
        assert done.returncode == 0, done.stderr
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "capitalla_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        env=environment(var_dir), cwd=settings.BASE_DIR, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):  # up to 30 s for gunicorn to listen
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert server.poll() is None, server.stderr.read().decode()
            time.sleep(0.1)
    yield port
    server.terminate()
    server.wait(timeout=10)


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
    headers = PROXIED | {"Origin": "https://capitalla.example", "Referer": "https://capitalla.example/accounts/login/",
                         "Cookie": cookie.split(";")[0], "Content-Type": "application/x-www-form-urlencoded"}
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
