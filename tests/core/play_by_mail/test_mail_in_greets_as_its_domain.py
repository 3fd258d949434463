"""`manage.py mail_in` greeted and answered EHLO/LHLO as `localhost` (aiosmtpd's default,
this machine's name): it says MAIL_IN_ADDRESS's domain, the name the mail server hands
the replies to."""

import smtplib
import socket

import pytest

from mailroom.management.commands.mail_in import reply_server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize("lmtp", [False, True], ids=["smtp", "lmtp"])
def test_the_server_greets_as_the_reply_domain(settings, lmtp):
    settings.MAIL_IN_ADDRESS = "play@play.capitalla.example"
    server = reply_server("127.0.0.1", free_port(), lmtp)
    server.start()
    try:
        client = smtplib.LMTP() if lmtp else smtplib.SMTP()
        with client:
            code, banner = client.connect("127.0.0.1", server.port)
            assert (code, banner.split()[0]) == (220, b"play.capitalla.example")
            code, answer = client.ehlo()  # LHLO for LMTP
            assert (code, answer.splitlines()[0]) == (250, b"play.capitalla.example")
    finally:
        server.stop()
