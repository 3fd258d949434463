"""The nginx block of docs/operators.md, as it stands there, ending TLS in front of the
production web server: the site knows the request came over HTTPS (secure cookies, HSTS),
nginx serves the collected static files itself, keeps `/healthz/` from the public and caps
a request's body, and a client cannot choose its own address by sending X-Forwarded-For."""

import os
import re
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from production_site import Browser, deploy, free_port, gunicorn, manage, running, self_signed_certificate

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
OPERATORS_GUIDE = Path(settings.BASE_DIR) / "docs" / "operators.md"


def needs_nginx():
    if NGINX is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the nginx test: .ci/run installs nginx-light")
        pytest.skip("needs nginx (apt-get install nginx-light)")


def guide_block(static_root: Path, upstream: int) -> str:
    """The guide's nginx block with this deployment's paths and port; on a port other
    than 443, `$http_host` for `$host`, as the guide says."""
    (block,) = re.findall(r"```nginx\n(.*?)```", OPERATORS_GUIDE.read_text(), re.S)
    for written, ours in (
        ("/srv/capitalla/var/staticfiles/", f"{static_root}/"),
        ("http://127.0.0.1:8000", f"http://127.0.0.1:{upstream}"),
        ("$host;", "$http_host;"),
    ):
        assert written in block, f"the nginx block of docs/operators.md no longer says {written}"
        block = block.replace(written, ours)
    return block


def nginx_config(directory: Path, port: int, pem: Path, block: str) -> Path:
    """A whole nginx.conf around the block: TLS on `port`, every file nginx writes in
    `directory` (a root master's workers run as root: the test's files are private)."""
    kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    temp = " ".join(f"{kind}_temp_path {directory / kind};" for kind in kinds)
    config = directory / "nginx.conf"
    config.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"worker_processes 1;\npid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'};\n"
        + "events {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n"
        + f"  {temp}\n  server {{\n    listen 127.0.0.1:{port} ssl;\n"
        + f"    ssl_certificate {pem};\n    ssl_certificate_key {pem};\n{block}  }}\n}}\n"
    )
    return config


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory):
    needs_nginx()
    var_dir = tmp_path_factory.mktemp("nginx")
    pem = self_signed_certificate(var_dir)
    tls_port = free_port()
    site = f"https://127.0.0.1:{tls_port}"
    env = {"SITE_URL": site, "TRUSTED_PROXIES": "1", "ALLOWED_HOSTS": "127.0.0.1"}
    deploy(var_dir, **env)
    made = manage(var_dir, "shell", "-c", PLAYERS, **env)
    assert made.returncode == 0, made.stderr
    with gunicorn(var_dir, **env) as port:
        config = nginx_config(var_dir, tls_port, pem, guide_block(var_dir / "staticfiles", port))
        nginx = [NGINX, "-c", config, "-e", var_dir / "error.log"]
        checked = subprocess.run([*nginx, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        with running([*nginx, "-g", "daemon off;"], tls_port):
            yield site, port


PLAYERS = """
from django.contrib.auth import get_user_model
User = get_user_model()
User.objects.create_user("alice", password="alice-password-1")
"""


def answer(browser: Browser, url: str, data: bytes | None = None, **headers):
    """(status, headers, body) of a request through the browser's opener."""
    request = urllib.request.Request(browser.site + url, data, headers=headers)
    try:
        with browser.opener.open(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read()


def test_signed_in_over_https_with_secure_cookies_and_hsts(behind_nginx):
    site, _ = behind_nginx
    alice = Browser(site)
    alice.sign_in("alice", "alice-password-1")  # also: the cookies are marked Secure
    status, headers, body = answer(alice, "/my-games/")
    assert status == 200 and b"alice" in body.lower()
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")


def test_nginx_serves_the_collected_static_files_compressed_and_for_a_year(behind_nginx):
    site, _ = behind_nginx
    page = answer(Browser(site), "/accounts/login/")[2].decode()
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page).group(1)
    status, headers, body = answer(Browser(site), stylesheet, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Server"].startswith("nginx")  # not gunicorn's
    assert headers["Content-Type"] == "text/css" and headers["Content-Encoding"] == "gzip"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_a_static_name_without_a_hash_is_not_kept_for_a_year_nor_the_manifest_served(behind_nginx):
    # Found by a QA pass: site.css (the name a new release changes under) was immutable
    # for a year, like site.3f2a….css, and the hashes' manifest was served.
    site, _ = behind_nginx
    status, headers, _ = answer(Browser(site), "/static/css/site.css")
    assert status == 200 and headers["Cache-Control"] == "public, max-age=3600"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert answer(Browser(site), "/static/staticfiles.json")[0] == 403


def test_the_health_check_is_for_the_monitor_only(behind_nginx):
    site, port = behind_nginx
    assert answer(Browser(site), "/healthz/")[0] == 403
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/", timeout=30) as direct:
        assert direct.status == 200  # plain HTTP on 127.0.0.1, not redirected to HTTPS


def test_a_body_past_the_proxys_cap_never_reaches_the_site(behind_nginx):
    site, _ = behind_nginx
    status, _, body = answer(Browser(site), "/mail/inbound/", b"x" * (4 * 1024 * 1024))
    assert status == 413 and b"nginx" in body


def test_a_client_cannot_dodge_the_login_throttle_by_naming_its_own_address(behind_nginx):
    # Each try claims another address; nginx appends the one it saw, which is the one the
    # site reads, so the tries all count against it. (Last: it locks this address out.)
    site, _ = behind_nginx
    statuses = []
    for n in range(settings.AXES_FAILURE_LIMIT + 1):  # the last failure allowed locks at once
        guesser = Browser(site)
        guesser.get("/accounts/login/")
        token = next(c.value for c in guesser.cookies if c.name == "csrftoken")
        form = f"csrfmiddlewaretoken={token}&username=nobody{n}&password=wrong-password".encode()
        headers = {"Origin": site, "Referer": site + "/accounts/login/", "X-Forwarded-For": f"203.0.113.{n + 1}"}
        statuses.append(answer(guesser, "/accounts/login/", form, **headers)[0])
    assert statuses == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429, 429]
