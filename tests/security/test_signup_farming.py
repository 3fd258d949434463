"""Sign-up farming: throwaway accounts made through the sign-up page must not turn into
chips for a main account. A new account gets its starting chips only once its mail
address is confirmed, one grant per address (as an attacker would vary it), and sign-up
is throttled per client address."""

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import User
from ledger import chips
from mailroom.models import OutboxMessage
from tables.actions import errors, lifecycle, player_moves

pytestmark = pytest.mark.django_db

PASSWORD = "throwaway-secret-4821"
ANTE = 100
MAIN_ADDRESS = "main.player@gmail.com"
# What a farmer tries to pass for a fresh address: case, +tags, gmail's dots and domains.
FARMED_ADDRESSES = [
    "MAIN.PLAYER@gmail.com",
    "mainplayer@gmail.com",
    "main.player+{i}@gmail.com",
    "m.a.i.n.p.l.a.y.e.r@googlemail.com",
    "Main.Player+farm{i}@GoogleMail.com",
]


@pytest.fixture(autouse=True)
def outbox(settings):
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}


def sign_up(username: str, email: str, ip: str):
    client = Client(REMOTE_ADDR=ip)
    response = client.post(
        reverse("signup"),
        {"username": username, "display_name": "", "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    return client, response


def confirm_mailed_address(client, user) -> None:
    """Follow the newest confirmation link mailed to `user`, if there is one."""
    for mail in OutboxMessage.objects.filter(user=user).order_by("-pk"):
        found = re.search(r"https?://\S+?(/accounts/confirm/\S+/)", mail.text)
        if found:
            client.post(found.group(1))
            return


def test_throwaway_accounts_cannot_feed_chips_to_a_main_account(settings):
    main_client, _ = sign_up("mainplayer", MAIN_ADDRESS, "198.51.100.1")
    main = User.objects.get(username="mainplayer")
    confirm_mailed_address(main_client, main)
    start = chips.balance_of(main)

    for i in range(20):
        address = FARMED_ADDRESSES[i % len(FARMED_ADDRESSES)].format(i=i)
        client, response = sign_up(f"throwaway{i}", address, f"203.0.113.{i + 1}")
        assert response.status_code == 302
        throwaway = User.objects.get(username=f"throwaway{i}")
        confirm_mailed_address(client, throwaway)  # the same address again: no second grant
        try:  # host a staked table, let the main account join, and resign to it
            game = lifecycle.create_table(throwaway, "capitalla", seats=2, ante=ANTE)
            lifecycle.join_table(main, game.pk)
            lifecycle.start_table(throwaway, game.pk)
            player_moves.resign(throwaway, game.pk)
        except errors.ServiceError:
            pass

    assert chips.balance_of(main) <= start
    assert all(chips.balance_of(u) == 0 for u in User.objects.filter(username__startswith="throwaway"))
    call_command("verify_ledger")  # raises CommandError on any problem


def test_sign_up_is_throttled_per_client_address(settings):
    settings.SIGNUP_LIMIT = 5
    for i in range(5):
        assert sign_up(f"farmer{i}", "", "203.0.113.7")[1].status_code == 302
    _, refused = sign_up("farmer5", "", "203.0.113.7")
    assert refused.status_code == 429
    assert "Too many new accounts" in refused.content.decode()
    assert not User.objects.filter(username="farmer5").exists()
    assert sign_up("elsewhere", "", "203.0.113.8")[1].status_code == 302


def test_the_throttle_reads_the_client_address_behind_a_trusted_proxy(settings):
    settings.SIGNUP_LIMIT = 1
    settings.TRUSTED_PROXIES = 1
    # The proxy appends the address it saw; anything to its left is the client's own claim.
    forged = {"HTTP_X_FORWARDED_FOR": "10.0.0.{i}, 203.0.113.9"}
    for i, expected in enumerate((302, 429, 429)):
        client = Client(REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR=forged["HTTP_X_FORWARDED_FOR"].format(i=i))
        response = client.post(
            reverse("signup"), {"username": f"proxied{i}", "password1": PASSWORD, "password2": PASSWORD}
        )
        assert response.status_code == expected


def test_no_starting_chips_are_promised_for_an_address_that_had_them(bob):
    # Carol signs up with Bob's confirmed address (it got Bob his chips): the pages
    # promised her 1000 starting chips for confirming it, and confirming it gave none.
    client, _ = sign_up("carol", bob.email.upper(), "198.51.100.7")
    carol = User.objects.get(username="carol")
    for page in (reverse("profile"), reverse("chips")):
        assert "starting chips" not in client.get(page).content.decode()
    assert "starting chips" not in OutboxMessage.objects.get(user=carol).text
    confirm_mailed_address(client, carol)
    assert chips.balance_of(carol) == 0
