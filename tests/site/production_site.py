"""The site as production runs it: manage.py commands in a fresh interpreter with the
environment of docs/operators.md, "Production", on its own VAR_DIR (SQLite, no Redis)."""

import contextlib
import http.cookiejar
import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlencode

from django.conf import settings

# Every variable the operators' production steps set; the tests override single ones.
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "production-test-key-" + "k" * 50,
    "ALLOWED_HOSTS": "capitalla.example,127.0.0.1",
    "SITE_URL": "https://capitalla.example",
    "BEHIND_TLS_PROXY": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "EMAIL_HOST": "smtp.capitalla.example",
}
# Left to the production environment alone: the test run's own values would leak in (the
# browser tests set DJANGO_ALLOW_ASYNC_UNSAFE, which check --deploy refuses).
UNSET = (
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "REDIS_URL",
    "CSRF_TRUSTED_ORIGINS",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    *PRODUCTION_ENV,
)


def environment(var_dir, **env) -> dict:
    """The production environment on `var_dir`; a value of None leaves that variable unset."""
    clean = {k: v for k, v in os.environ.items() if k not in UNSET}
    clean.update(PRODUCTION_ENV, VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="capitalla_site.settings")
    clean.update(env)
    return {k: v for k, v in clean.items() if v is not None}


def run(var_dir, *args, **env) -> subprocess.CompletedProcess:
    """`python <args>` in the checkout with the production environment."""
    return subprocess.run(
        [sys.executable, *args],
        env=environment(var_dir, **env),
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        timeout=120,
    )


def manage(var_dir, *args, **env) -> subprocess.CompletedProcess:
    return run(var_dir, "manage.py", *args, **env)


def setting(var_dir, name, **env):
    """A setting's value (its repr evaluated back) as the site reads it from this environment."""
    done = run(var_dir, "-c", f"from django.conf import settings; print(repr(settings.{name}))", **env)
    assert done.returncode == 0, done.stderr
    return eval(done.stdout.strip())  # noqa: S307 - our own repr of plain values


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen):
    for _ in range(300):  # up to 30 s to listen
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else "exited"
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


@contextlib.contextmanager
def running(command: list[str], port: int, **popen):
    """`command` started and listening on `port`, stopped on leaving; its stderr piped,
    unless `popen` sends it elsewhere."""
    process = subprocess.Popen(command, **{"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, **popen})
    try:
        wait_for_port(port, process)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextlib.contextmanager
def gunicorn(var_dir, log=None, **env):
    """The web server of the operators' production steps on a free port of 127.0.0.1; what
    it logs goes to the file `log`, if given."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "capitalla_site.asgi", "-k", "capitalla_site.asgi_worker.Worker"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1", "--graceful-timeout", "5"]
    with contextlib.ExitStack() as stack:
        logged = {"stderr": stack.enter_context(open(log, "w"))} if log else {}  # noqa: SIM115 - closed by the stack
        stack.enter_context(running(command, port, env=environment(var_dir, **env), cwd=settings.BASE_DIR, **logged))
        yield port


def deploy(var_dir, **env):
    """The operators' once-per-release steps (createsuperuser has its own test)."""
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        done = manage(var_dir, *step, **env)
        assert done.returncode == 0, done.stderr


def self_signed_certificate(directory):
    """A key and a certificate for 127.0.0.1, valid a day, both in one PEM file."""
    pem, cert = directory / "proxy.pem", directory / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-keyout", pem, "-out", cert],
        check=True,
        capture_output=True,
    )
    pem.write_text(pem.read_text() + cert.read_text())
    return pem


class Browser:
    """Cookies, the page's origin on every POST (as browsers send it) and the CSRF token."""

    def __init__(self, site: str):
        self.site, self.cookies = site, http.cookiejar.CookieJar()
        unverified = ssl.create_default_context()
        unverified.check_hostname, unverified.verify_mode = False, ssl.CERT_NONE  # our self-signed cert
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), urllib.request.HTTPSHandler(context=unverified)
        )

    def get(self, url: str) -> str:
        with self.opener.open(url if url.startswith("https://") else self.site + url, timeout=30) as response:
            return response.read().decode()

    def post(self, url: str, **fields) -> tuple[int, str]:
        url = url if url.startswith("https://") else self.site + url
        token = next(c.value for c in self.cookies if c.name == "csrftoken")
        request = urllib.request.Request(
            url,
            urlencode(fields | {"csrfmiddlewaretoken": token}).encode(),
            headers={"Origin": self.site, "Referer": url},
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def sign_in(self, username: str, password: str):
        self.get("/accounts/login/")
        assert self.post("/accounts/login/", username=username, password=password)[0] == 200
        assert all(c.secure for c in self.cookies if c.name in ("sessionid", "csrftoken"))
