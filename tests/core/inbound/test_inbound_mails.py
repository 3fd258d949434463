"""mailroom.inbound.message.read_message on mails in the shapes real clients send
(tests/core/inbound/mails): the new lines of the reply, and bounces and auto-replies told
apart from a person's answer."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from mailroom.inbound.message import MAX_MESSAGE_BYTES, MessageTooBig, read_message

MAILS = Path(__file__).parent / "mails"


def read(name: str):
    return read_message((MAILS / name).read_bytes())


def test_gmail_reply_keeps_only_the_new_lines():
    assert read("gmail.eml").text == "take discard, discard Peru"


def test_gmail_reply_gives_the_threading_headers():
    mail = read("gmail.eml")
    assert mail.message_id == "CAF3x+qZ9Lw7=kLr1vM4oTq@mail.gmail.com"
    assert mail.in_reply_to == "turn-42-7@play.example.org"
    assert mail.references == ["turn-42-6@play.example.org", "turn-42-7@play.example.org"]
    assert mail.subject == "Re: Your turn in Capitalla game #42"
    assert mail.date == datetime(2026, 11, 24, 10, 4, 19, tzinfo=UTC)


def test_gmail_reply_gives_the_sender_lower_cased_and_the_reply_token():
    mail = read("gmail.eml")
    assert (mail.from_name, mail.from_address) == ("Alice Martin", "alice@example.org")
    assert mail.recipients == ["play+t0k3n@play.example.org"]
    assert mail.automatic is None


def test_apple_mail_reply_keeps_only_the_new_lines():
    mail = read("apple_mail.eml")
    assert mail.text == "draw stock\ndiscard Chile"
    assert mail.recipients == ["play+b0b5t0k3n@play.example.org"]


def test_outlook_desktop_html_reply_stops_at_the_from_sent_block():
    assert read("outlook_desktop.eml").text == "Take discard\nDiscard Peru\n\nCharlie"


def test_new_outlook_html_reply_stops_at_div_rply_fwd_msg():
    assert read("outlook_new.eml").text == "draw stock\ndiscard Uruguay"


def test_outlook_mobile_reply_drops_get_outlook_for_ios_and_the_quote_under_the_rule():
    assert read("outlook_mobile.eml").text == "Take discard and lay down ARG BRA CHL"


def test_thunderbird_bottom_posted_reply_keeps_the_lines_under_and_between_the_quotes():
    assert read("thunderbird_bottom_posting.eml").text == (
        "yes, take discard\n\ndiscard Bolivia, and lay down the rest of my hand if the rules let me do it in one go"
    )


def test_mutt_reply_drops_the_signature():
    assert read("mutt_signature.eml").text == "draw stock\ndiscard ECU"


def test_iphone_reply_drops_sent_from_my_iphone():
    assert read("iphone.eml").text == "Take discard\nDiscard Peru"


def test_latin1_quoted_printable_reply_is_decoded():
    assert read("latin1_quoted_printable.eml").text == "take discard, discard Peru\nDanke schön, à bientôt"


def test_base64_utf8_reply_is_decoded_with_its_encoded_headers():
    mail = read("base64_utf8.eml")
    assert mail.text == "take discard, discard Colombia\nJ’ai été à Bogotá l’an dernier 🃏"
    assert mail.from_name == "Alice Martín"
    assert mail.subject == "Re: Your turn in Capitalla game #42 — Bogotá"


def test_french_reply_drops_le_a_ecrit_wrapped_over_two_lines():
    mail = read("french_reply.eml")
    assert mail.text == "prendre la défausse\ntake discard, discard Peru"
    assert mail.from_name == "Benoît Charlie"


def test_mail_with_attachments_reads_only_the_body():
    mail = read("attachment.eml")
    assert mail.text == "draw stock, discard Peru\n(my score sheet is attached)"
    assert mail.recipients == ["play+t0k3n@play.example.org", "bob@example.net"]


def test_dsn_bounce_is_automatic():
    assert read("dsn_bounce.eml").automatic == "delivery or read report (multipart/report)"


def test_out_of_office_is_automatic():
    assert read("exchange_out_of_office.eml").automatic == "Auto-Submitted: auto-replied"


def test_vacation_reply_with_only_precedence_bulk_is_automatic():
    assert read("vacation_precedence_bulk.eml").automatic == "Precedence: bulk"


def test_mailer_daemon_bounce_is_automatic():
    assert read("mailer_daemon_bounce.eml").automatic == "from mailer-daemon@old-mx.example.com"


def test_garbage_bytes_read_as_a_mail_with_no_headers():
    mail = read("garbage.eml")
    assert (mail.message_id, mail.from_address, mail.subject, mail.recipients, mail.date) == ("", "", "", [], None)
    assert "\x00" not in mail.text


def test_oversize_message_is_refused():
    raw = (MAILS / "gmail.eml").read_bytes() + b"x" * MAX_MESSAGE_BYTES
    with pytest.raises(MessageTooBig):
        read_message(raw)


def test_message_of_exactly_the_limit_is_read():
    raw = (MAILS / "mutt_signature.eml").read_bytes()
    raw += b" " * (MAX_MESSAGE_BYTES - len(raw))
    assert read_message(raw).text == "draw stock\ndiscard ECU"
