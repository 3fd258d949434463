"""`manage.py mail_in`'s server (aiosmtpd), spoken to over a real socket in SMTP and LMTP:
it refuses addresses that name no seat at RCPT, takes one recipient per transaction, and
plays what a mail to a seat's address says."""

import smtplib
import socket

import pytest

from games.inbound.server import ReplyServer
from games.models import Event
from tests.mail_replies import reply, seat_address

pytestmark = pytest.mark.django_db(transaction=True)  # the server reads from its own thread


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(params=[False, True], ids=["smtp", "lmtp"])
def server(request):
    server = ReplyServer("127.0.0.1", free_port(), lmtp=request.param)
    server.start()
    yield server
    server.stop()


def client(server):
    return (smtplib.LMTP if server.lmtp else smtplib.SMTP)("127.0.0.1", server.port, timeout=10)


def test_a_mail_to_a_seats_address_plays_its_move(server, table, alice, enqueued):
    with client(server) as smtp:
        refused = smtp.sendmail("alice@example.com", [seat_address(table, alice)], reply(table, alice, "draw"))
    assert refused == {}
    assert Event.objects.filter(game=table, seat=0).last().move == {"type": "draw", "from": "pile"}


def test_an_address_that_names_no_seat_is_refused_at_rcpt(server, table):
    with client(server) as smtp:
        smtp.ehlo()  # LHLO for LMTP
        smtp.mail("alice@example.com")
        code, _ = smtp.rcpt("play+1.0.1.000000000000000000000000@capitalla.localhost")
        assert code == 550
        code, _ = smtp.rcpt("nobody@capitalla.localhost")
        assert code == 550


def test_one_recipient_per_transaction(server, table, alice, bob):
    with client(server) as smtp:
        smtp.ehlo()  # LHLO for LMTP
        smtp.mail("alice@example.com")
        assert smtp.rcpt(seat_address(table, alice))[0] == 250
        assert smtp.rcpt(seat_address(table, bob))[0] == 452


def test_a_stranger_gets_a_refusal_their_own_server_will_bounce(server, table, alice):
    raw = reply(table, alice, "draw", sender="mallory@example.net")
    with client(server) as smtp, pytest.raises((smtplib.SMTPDataError, smtplib.SMTPRecipientsRefused)) as refused:
        smtp.sendmail("mallory@example.net", [seat_address(table, alice)], raw)
    assert "550" in str(refused.value) or "player's own mail address" in str(refused.value)
    assert not Event.objects.filter(game=table, seat=0).exists()
