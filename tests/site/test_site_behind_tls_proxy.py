"""The site behind a real TLS proxy: socat ends TLS with a self-signed certificate and
passes the bytes to gunicorn (no X-Forwarded-Proto: the site sees plain HTTP). Through it
a player signs in (a POST from the https:// origin used to answer 403 "Origin checking
failed"), the host reads an invite link that says https://, a friend follows it and takes
the seat, and the host starts and moves."""

import http.cookiejar
import re
import shutil
import ssl
import subprocess
import urllib.request
from urllib.parse import urlencode

import pytest
from production_site import deploy, free_port, gunicorn, manage, running

pytestmark = pytest.mark.skipif(not shutil.which("socat"), reason="needs socat (apt-get install socat)")

PLAYERS = """
from django.contrib.auth import get_user_model
from games import services
User = get_user_model()
alice = User.objects.create_user("alice", password="alice-password-1")
User.objects.create_user("bob", password="bob-password-1")
print(services.create_table(alice, "capitalla", seats=2, private=True).pk)
"""


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


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("tls")
    pem = var_dir / "proxy.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            pem,
            "-out",
            var_dir / "cert.pem",
        ],
        check=True,
        capture_output=True,
    )
    pem.write_text(pem.read_text() + (var_dir / "cert.pem").read_text())
    tls_port = free_port()
    site = f"https://127.0.0.1:{tls_port}"
    env = {"SITE_URL": site, "BEHIND_TLS_PROXY": None, "SECURE_SSL_REDIRECT": None}
    deploy(var_dir, **env)
    made = manage(var_dir, "shell", "-c", PLAYERS, **env)
    assert made.returncode == 0, made.stderr
    with (
        gunicorn(var_dir, **env) as port,
        running(
            ["socat", f"OPENSSL-LISTEN:{tls_port},reuseaddr,fork,cert={pem},verify=0", f"TCP:127.0.0.1:{port}"],
            tls_port,
        ),
    ):
        game_id = int(made.stdout.split()[-1])

        def game(expression: str) -> str:
            """`expression` about the game, read from the database."""
            code = f"from games.models import Game; game = Game.objects.get(pk={game_id}); print({expression})"
            return manage(var_dir, "shell", "-c", code, **env).stdout.splitlines()[-1]

        yield site, game_id, game


def test_sign_in_follow_the_invite_link_and_move_through_the_tls_proxy(proxied):
    site, game_id, game = proxied
    alice, bob = Browser(site), Browser(site)
    alice.sign_in("alice", "alice-password-1")
    table = alice.get(f"/games/{game_id}/")
    invite = re.search(r'id="invite-link" type="text" readonly value="([^"]+)"', table).group(1)
    assert invite.startswith(f"{site}/join/")

    bob.sign_in("bob", "bob-password-1")
    bob.get(invite)
    assert bob.post(invite)[0] == 200
    assert game("game.seats.filter(user__username='bob').exists()") == "True"

    assert alice.post(f"/games/{game_id}/start/")[0] == 200
    assert game("game.status, game.version") == "active 0"
    assert alice.post(f"/games/{game_id}/move/", version=0, type="draw", **{"from": "pile"})[0] == 200
    assert game("game.version") == "1"
