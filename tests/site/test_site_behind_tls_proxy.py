"""The site behind a real TLS proxy: socat ends TLS with a self-signed certificate and
passes the bytes to gunicorn (no X-Forwarded-Proto: the site sees plain HTTP). Through it
a player signs in (a POST from the https:// origin used to answer 403 "Origin checking
failed"), the host reads an invite link that says https://, a friend follows it and takes
the seat, and the host starts and moves."""

import re
import shutil

import pytest
from production_site import Browser, deploy, free_port, gunicorn, manage, running, self_signed_certificate

pytestmark = pytest.mark.skipif(not shutil.which("socat"), reason="needs socat (apt-get install socat)")

PLAYERS = """
from django.contrib.auth import get_user_model
from tables.actions import lifecycle
User = get_user_model()
alice = User.objects.create_user("alice", password="alice-password-1")
User.objects.create_user("bob", password="bob-password-1")
print(lifecycle.create_table(alice, "capitalla", seats=2, private=True).pk)
"""


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("tls")
    pem = self_signed_certificate(var_dir)
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
            code = f"from tables.models import Game; game = Game.objects.get(pk={game_id}); print({expression})"
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
