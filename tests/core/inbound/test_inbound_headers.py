"""read_message's headers: addresses, ids, the reply token, and the marks of mail that no
person wrote (RFC 3834 and what mailers really send)."""

import pytest

from mailroom.inbound.message import read_message


def mail(*headers: str, body: str = "take discard") -> bytes:
    lines = ["From: Alice <alice@example.org>", "To: play+t0k3n@play.example.org", *headers, "", body]
    return "\r\n".join(lines).encode()


def test_a_persons_reply_is_not_automatic():
    assert read_message(mail("Subject: Re: Your turn in Capitalla game #42")).automatic is None


@pytest.mark.parametrize(
    "header",
    [
        "Auto-Submitted: auto-replied",
        "Auto-Submitted: auto-generated; owner-email=x@example.org",
        "X-Autoreply: yes",
        "X-Autorespond: vacation",
        "X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent",
        "Precedence: junk",
        "Precedence: list",
        "Precedence: auto_reply",
        "List-Id: Card players <cards.lists.example.org>",
        "List-Unsubscribe: <mailto:leave@lists.example.org>",
        "Return-Path: <>",
        "Content-Type: multipart/report; report-type=disposition-notification; boundary=x",
    ],
)
def test_header_marks_the_mail_automatic(header):
    assert read_message(mail(header)).automatic


@pytest.mark.parametrize(
    "header",
    [
        "Auto-Submitted: no",
        "X-Auto-Response-Suppress: All",
        "Precedence: first-class",
        "Return-Path: <alice@example.org>",
    ],
)
def test_header_leaves_the_mail_a_persons(header):
    assert read_message(mail(header)).automatic is None


@pytest.mark.parametrize(
    "sender", ["MAILER-DAEMON@mx.example.org", "Mail Delivery Subsystem <MAILER-DAEMON>", "postmaster@example.org"]
)
def test_mail_from_the_mail_system_is_automatic(sender):
    assert read_message(mail(body="x").replace(b"Alice <alice@example.org>", sender.encode())).automatic


@pytest.mark.parametrize(
    "subject",
    [
        "Out of Office: Your turn in Capitalla game #42",
        "Automatic reply: Your turn in Capitalla game #42",
        "Auto: Your turn in Capitalla game #42",
        "Undeliverable: Your turn in Capitalla game #42",
        "Delivery Status Notification (Failure)",
        "Returned mail: see transcript for details",
    ],
)
def test_subject_marks_the_mail_automatic(subject):
    assert read_message(mail(f"Subject: {subject}")).automatic == f"subject: {subject}"


def test_recipients_come_from_to_cc_delivered_to_and_x_original_to_once_each():
    raw = mail(
        "Cc: Bob <BOB@example.net>, play+t0k3n@play.example.org",
        "Delivered-To: play+second@play.example.org",
        "X-Original-To: Play+Third@Play.Example.Org",
    )
    assert read_message(raw).recipients == [
        "play+t0k3n@play.example.org",
        "bob@example.net",
        "play+second@play.example.org",
        "play+third@play.example.org",
    ]


def test_unparsable_from_gives_no_address():
    raw = mail().replace(b"Alice <alice@example.org>", b"Alice (no address here")
    assert read_message(raw).from_address == ""


def test_two_from_headers_give_no_sender():
    raw = mail().replace(b"From: Alice <alice@example.org>", b"From: bob@example.net\r\nFrom: alice@example.org")
    mail_read = read_message(raw)
    assert (mail_read.from_name, mail_read.from_address) == ("", "")


def test_encoded_name_with_a_comma_keeps_the_address():
    raw = mail().replace(b"Alice <alice@example.org>", b"=?utf-8?q?Martin=2C_Alice?= <alice@example.org>")
    mail_read = read_message(raw)
    assert (mail_read.from_name, mail_read.from_address) == ("Martin, Alice", "alice@example.org")


def test_an_encoded_word_in_a_charset_named_in_8_bits_reads_as_it_came():
    # Found by the damaged-mails property test: email.charset raises CharsetError here.
    raw = mail().replace(b"Alice <alice@example.org>", b"=?\x80tf-8?q?Alice?= <alice@example.org>")
    assert read_message(raw).from_address == "alice@example.org"


def test_missing_headers_are_empty():
    mail_read = read_message(b"\r\ntake discard")
    assert (mail_read.message_id, mail_read.in_reply_to, mail_read.references) == ("", "", [])
    assert (mail_read.subject, mail_read.from_address, mail_read.from_name, mail_read.date) == ("", "", "", None)
    assert mail_read.text == "take discard"


def test_date_without_time_zone_is_utc():
    assert read_message(mail("Date: Tue, 24 Nov 2026 10:00:00 -0000")).date.utcoffset().total_seconds() == 0


def test_unparsable_date_is_none():
    assert read_message(mail("Date: last Tuesday")).date is None
