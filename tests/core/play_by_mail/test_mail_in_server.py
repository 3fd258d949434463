"""`manage.py mail_in`'s server (aiosmtpd), spoken to over a real socket in SMTP and LMTP:
it refuses addresses that name no seat at RCPT, takes one recipient per transaction, plays
what a mail to a seat's address says, refuses for good what it cannot read, and reads
several mails at once."""

import smtplib
import socket
import threading

import pytest

from mailroom.inbound import receive as receive_module
from mailroom.inbound.message import MAX_MESSAGE_BYTES
from mailroom.inbound.server import ReplyServer
from mailroom.models import InboundMail
from tables.models import Event
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


def test_a_mail_the_parser_cannot_read_is_refused_for_good_not_try_again(server, table, alice):
    raw = reply(table, alice, "draw").replace(
        b"Content-Type: text/plain", b'Content-Type: multipart/mixed; boundary="b0"'
    )
    raw += b"".join(
        b'--b%d\r\nContent-Type: multipart/mixed; boundary="b%d"\r\n\r\n' % (i, i + 1) for i in range(1_200)
    )
    with client(server) as smtp, pytest.raises(smtplib.SMTPDataError) as refused:
        smtp.sendmail(alice.email, [seat_address(table, alice)], raw)
    assert refused.value.smtp_code == 554
    assert not Event.objects.filter(game=table, seat=0).exists()


@pytest.mark.postgres  # SQLite's in-memory test database locks whole tables between threads
def test_a_slow_mail_to_one_seat_does_not_hold_up_a_reply_to_another(server, table, alice, bob, monkeypatch):
    """Alice's mail is held in its reading until Bob's reply has been taken: with one mail
    at a time, Bob's would wait behind it and time out."""
    bobs_taken, alices_result = threading.Event(), []
    real = receive_module.read_text

    def reading(raw):
        if b"slow-one" in raw:
            assert bobs_taken.wait(timeout=20), "Bob's reply waited behind Alice's"
        return real(raw)

    monkeypatch.setattr(receive_module, "read_text", reading)

    def send_alices():
        try:
            with client(server) as smtp:
                alices_result.append(
                    smtp.sendmail(alice.email, [seat_address(table, alice)], reply(table, alice, "slow-one"))
                )
        except Exception as exc:
            alices_result.append(exc)

    alices = threading.Thread(target=send_alices)
    alices.start()
    with client(server) as smtp:
        assert smtp.sendmail(bob.email, [seat_address(table, bob)], reply(table, bob, "say hello")) == {}
    bobs_taken.set()
    alices.join(timeout=30)
    assert alices_result == [{}]


def test_a_line_starting_with_a_dot_arrives_as_written(server, table, alice, enqueued):
    raw = reply(table, alice, "say .dot\n.\n..two")
    with client(server) as smtp:
        assert smtp.sendmail(alice.email, [seat_address(table, alice)], raw) == {}
    assert InboundMail.objects.get().text == "say .dot\n.\n..two"


def test_a_mail_of_long_lines_is_read_whole(server, table, alice, enqueued):
    raw = reply(table, alice, "say " + "long " * 400)  # one line of 2,000 characters
    with client(server) as smtp:
        assert smtp.sendmail(alice.email, [seat_address(table, alice)], raw) == {}
    assert InboundMail.objects.get().text.startswith("say long long")


def test_a_mail_over_the_limit_is_refused_and_the_session_closed(server, table, alice):
    raw = reply(table, alice, "draw") + b"x" * (MAX_MESSAGE_BYTES + 10)
    smtp = client(server)
    smtp.ehlo()  # LHLO for LMTP
    smtp.mail(alice.email)  # no SIZE= (which would be refused here already)
    smtp.rcpt(seat_address(table, alice))
    assert smtp.data(raw)[0] == 552
    with pytest.raises(smtplib.SMTPServerDisconnected):
        smtp.noop()
    smtp.close()
    assert not Event.objects.filter(game=table, seat=0).exists()
