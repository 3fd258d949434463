"""Mail from anyone on the internet, as an attacker sends it: a From that another parser
reads as Alice's, a captured reply with a header added on top, a body built to cost
minutes. Each is refused from its headers, or answered as unreadable, and plays nothing."""

import pytest

from mailroom.inbound import message
from mailroom.inbound import receive as receive_module
from mailroom.inbound.receive import receive
from mailroom.models import InboundMail
from tables.models import Event, Game
from tests.mail_replies import reply, seat_address

pytestmark = pytest.mark.django_db

ALICE = "alice@example.com"
MALLORY = "mallory@evil.example"
# CVE-2023-27043 and its fix (Python 3.12.6): one character between Alice's address and the
# attacker's; before the fix, email.utils read each of these as Alice's.
SEPARATORS = ["(", ")", "<", ">", "[", "]", "@", ";", ":", ".", '"', ",", " "]


def from_(table, alice, sender: str) -> bytes:
    """Alice's reply "draw" with `sender` as its From, byte for byte (a mail library would
    tidy it up first)."""
    head, body = reply(table, alice, "draw").split(b"\r\n\r\n", 1)
    lines = [f"From: {sender}".encode() if line.startswith(b"From:") else line for line in head.split(b"\r\n")]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def played_nothing(table) -> bool:
    return Game.objects.get(pk=table.pk).version == table.version and not InboundMail.objects.exists()


@pytest.mark.parametrize("separator", SEPARATORS)
def test_alices_address_then_the_attackers_is_refused(table, alice, enqueued, separator):
    received = receive(from_(table, alice, f"{ALICE}{separator}<{MALLORY}>"))
    assert received.status == "rejected" and received.smtp_reply.startswith("550")
    assert played_nothing(table)


@pytest.mark.parametrize(
    "sender",
    [
        f"{ALICE} <{MALLORY}>",  # an address as the display name
        f"Alice <{ALICE}>, <{MALLORY}>",  # two mailboxes
        f"{ALICE} (Alice) <{MALLORY}>",  # a comment between them
        f"{ALICE} (Alice)",  # a comment at all
        f"{ALICE} )Alice(",
        f"<{ALICE}> <{MALLORY}>",
        f"Alice <{ALICE}",  # unclosed
        f"Alice <@relay.example:{ALICE}>",  # a source route
        f"Friends: {ALICE};",  # a group
        f'"{ALICE}"@evil.example',  # a quoted local part
        "alice@[192.0.2.1]",  # an address literal
    ],
)
def test_a_from_any_parser_could_read_otherwise_is_refused(table, alice, enqueued, sender):
    assert receive(from_(table, alice, sender)).status == "rejected"
    assert played_nothing(table)


@pytest.mark.parametrize(
    "sender",
    [
        ALICE,
        f"Alice <{ALICE}>",
        f'"Martin, Alice" <{ALICE}>',
        f'"Alice, {MALLORY}" <{ALICE}>',  # the mailbox is Alice's whatever her name says
        f"=?utf-8?q?Alice_Martin?= <{ALICE}>",
        f"J. Alice <{ALICE}>",
        f'"Alice \\"Ace\\" Martin" <{ALICE}>',
        f"Alice\r\n <{ALICE}>",  # folded
    ],
)
def test_one_mailbox_in_the_plain_forms_plays(table, alice, enqueued, sender):
    assert receive(from_(table, alice, sender)).status == "played"


def test_a_quoted_name_holding_alices_address_is_the_attackers_mail(table, alice, enqueued):
    assert receive(from_(table, alice, f'"Alice, {ALICE}" <{MALLORY}>')).status == "rejected"
    assert played_nothing(table)


@pytest.mark.parametrize("header", ["From", "To", "Message-ID", "Reply-To", "Date", "Subject", "In-Reply-To"])
def test_a_header_rfc_5322_allows_once_that_comes_twice_is_refused(table, alice, enqueued, header):
    raw = reply(table, alice, "draw")
    first = {
        "From": f"From: {MALLORY}",
        "To": f"To: {seat_address(table, alice)}",
        "Message-ID": "Message-ID: <new@evil.example>",
        "Reply-To": f"Reply-To: {MALLORY}",
        "Date": "Date: Tue, 24 Nov 2026 10:00:00 +0000",
        "Subject": "Subject: hi",
        "In-Reply-To": "In-Reply-To: <x@evil.example>",
    }[header]
    if header in ("Reply-To", "Date", "In-Reply-To"):  # not in reply() yet: add two
        raw = f"{first}\r\n".encode() + raw
    received = receive(f"{first}\r\n".encode() + raw)
    assert (received.status, received.detail) == ("rejected", f"More than one {header} header")
    assert played_nothing(table)


def test_a_captured_reply_with_a_message_id_added_on_top_does_not_play_again(table, alice, enqueued):
    captured = reply(table, alice, "draw", message_id="<once@example.com>")
    assert receive(captured).status == "played"
    # DKIM checks the last Message-ID, so the signature would still hold.
    replayed = receive(b"Message-ID: <looks-new@evil.example>\r\n" + captured)
    assert replayed.status == "rejected"
    assert Event.objects.filter(game=table, seat=0).count() == 1 and InboundMail.objects.count() == 1


def test_a_mail_without_a_message_id_is_refused(table, alice, enqueued):
    raw = reply(table, alice, "draw").replace(b"Message-ID:", b"X-Old-Message-ID:")
    assert receive(raw).status == "rejected"
    assert played_nothing(table)


@pytest.fixture
def body_reads(monkeypatch):
    """How many mails had their body read."""
    reads = []
    real = message.read_text

    def counting(raw):
        reads.append(raw)
        return real(raw)

    monkeypatch.setattr(receive_module, "read_text", counting)
    return reads


def test_a_strangers_mail_is_refused_before_its_body_is_read(table, alice, enqueued, body_reads):
    hostile = "Am 24.11.2026 schrieb " * 50_000
    assert receive(reply(table, alice, hostile, sender=MALLORY)).status == "rejected"
    assert receive(reply(table, alice, hostile, to="play+nobody@capitalla.localhost")).status == "rejected"
    forged = reply(table, alice, hostile).replace(
        b"From: Alice <alice@example.com>", f"From: {ALICE} <{MALLORY}>".encode()
    )
    assert f"<{MALLORY}>".encode() in forged and receive(forged).status == "rejected"
    assert body_reads == []


def test_a_mail_seen_before_is_not_read_again(table, alice, enqueued, body_reads):
    raw = reply(table, alice, "draw", message_id="<again@example.com>")
    assert receive(raw).status == "played" and receive(raw).status == "duplicate"
    assert len(body_reads) == 1


def nested(levels: int, text: bytes) -> bytes:
    """A multipart mail nested `levels` deep around one text part."""
    opening = b"".join(
        f'--b{level}\r\nContent-Type: multipart/mixed; boundary="b{level + 1}"\r\n\r\n'.encode()
        for level in range(levels)
    )
    return opening + b"--b%d\r\nContent-Type: text/plain\r\n\r\n" % levels + text + b"\r\n"


def mail_with_body(table, alice, content_type: str, body: bytes) -> bytes:
    head = reply(table, alice, "").split(b"\r\n\r\n", 1)[0]
    head = b"\r\n".join(line for line in head.split(b"\r\n") if not line.lower().startswith((b"content-", b"mime-")))
    return head + f"\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\r\n".encode() + body


def test_a_mail_nested_too_deep_for_the_parser_is_unreadable_for_good(table, alice, enqueued):
    raw = mail_with_body(table, alice, 'multipart/mixed; boundary="b0"', nested(1_200, b"draw"))
    received = receive(raw)
    assert received.status == "unreadable" and received.smtp_reply.startswith("554 5.6.0")
    assert played_nothing(table)


def test_a_shallow_nesting_is_read(table, alice, enqueued):
    raw = mail_with_body(table, alice, 'multipart/mixed; boundary="b0"', nested(20, b"draw"))
    assert receive(raw).status == "played"


def test_a_body_the_parser_raises_on_is_unreadable_not_try_again(table, alice, enqueued, monkeypatch):
    def raising(_message):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(message, "_body", raising)
    received = receive(reply(table, alice, "draw"))
    assert received.status == "unreadable" and received.smtp_reply.startswith("554")
    assert played_nothing(table)


def test_a_head_with_no_end_is_unreadable(table, alice, enqueued):
    raw = reply(table, alice, "draw").replace(b"\r\n\r\n", b"\r\n", 1) + b"X-Filler: " + b"x" * 70_000
    assert receive(raw).status == "unreadable"
    assert played_nothing(table)


def test_html_of_unclosed_tags_reads_as_nothing_said(table, alice, enqueued):
    raw = mail_with_body(table, alice, "text/html; charset=utf-8", b"<a " * 600_000)
    received = receive(raw)
    assert (
        received.status == "refused" and received.mail.report["refused"]["reason"] == "The mail has no command in it."
    )
    assert Game.objects.get(pk=table.pk).version == table.version


def test_the_webhook_answers_an_unreadable_mail_with_200_so_it_is_not_sent_again(client, settings, table, alice):
    settings.MAIL_IN_SECRET = "hook"
    raw = mail_with_body(table, alice, 'multipart/mixed; boundary="b0"', nested(1_200, b"draw"))
    response = client.post(
        "/mail/inbound/", raw, content_type="message/rfc822", headers={"Authorization": "Bearer hook"}
    )
    assert response.status_code == 200 and response.json()["status"] == "unreadable"
    assert played_nothing(table)
