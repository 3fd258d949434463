"""read_message's choice and decoding of the body, and that malformed mail never raises."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mailroom.inbound.decoding import unflowed
from mailroom.inbound.head import Unreadable
from mailroom.inbound.message import MAX_PART_LINES, MAX_READ_CHARS, MAX_TEXT_CHARS, read_message

MAILS = Path(__file__).parent / "mails"


def single_part(content_type: str, body: bytes, encoding: str = "8bit") -> bytes:
    head = f"From: alice@example.org\r\nContent-Type: {content_type}\r\nContent-Transfer-Encoding: {encoding}\r\n\r\n"
    return head.encode() + body


def alternative(plain: str, html: str) -> bytes:
    return (
        'From: alice@example.org\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n'
        f"--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{plain}\r\n"
        f"--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n--b--\r\n"
    ).encode()


def test_plain_text_is_chosen_over_html():
    assert read_message(alternative("plain words", "<p>html words</p>")).text == "plain words"


def test_html_is_read_when_the_plain_part_is_empty():
    assert read_message(alternative("  \r\n", "<p>html words</p>")).text == "html words"


def test_html_only_mail_is_converted():
    raw = single_part("text/html; charset=utf-8", b"<p>take discard</p><blockquote>quote</blockquote>")
    assert read_message(raw).text == "take discard"


def test_unknown_charset_reads_as_utf8_with_replacement():
    raw = single_part('text/plain; charset="x-made-up"', "Bogotá ".encode() + b"\xff")
    assert read_message(raw).text == "Bogotá \ufffd"


def test_ascii_label_on_utf8_text_reads_as_utf8():
    assert read_message(single_part("text/plain; charset=us-ascii", "Perú".encode())).text == "Perú"


def test_charset_name_with_a_nul_reads_as_utf8():
    assert read_message(single_part('text/plain; charset="utf\x00-8"', "Perú".encode())).text == "Perú"


def test_codec_that_is_no_text_encoding_reads_as_utf8():
    assert read_message(single_part("text/plain; charset=base64", b"discard Peru")).text == "discard Peru"


def test_broken_base64_does_not_raise():
    read_message(single_part("text/plain; charset=utf-8", b"dGFrZSBka!!!XNjYXJk=\r\n==", "base64"))


def test_control_characters_are_dropped():
    assert read_message(single_part("text/plain", b"take\x00 discard\x1b\tnow")).text == "take discard\tnow"


def test_format_flowed_soft_breaks_are_joined():
    raw = single_part("text/plain; charset=utf-8; format=flowed", b"take discard, \r\ndiscard Peru\r\n")
    assert read_message(raw).text == "take discard, discard Peru"


def test_format_flowed_with_delsp_drops_the_soft_break_space():
    assert unflowed("Bogo \ntá\n", delete_space=True) == "Bogotá\n"


def test_format_flowed_keeps_the_signature_line():
    assert unflowed("draw stock\n-- \nBob") == "draw stock\n-- \nBob"


def test_enclosed_message_is_not_read():
    raw = (
        b'From: alice@example.org\r\nContent-Type: multipart/mixed; boundary="m"\r\n\r\n'
        b"--m\r\nContent-Type: message/rfc822\r\n\r\nSubject: old\r\n\r\ndiscard FRA\r\n"
        b"--m\r\nContent-Type: text/plain\r\n\r\ndiscard Peru\r\n--m--\r\n"
    )
    assert read_message(raw).text == "discard Peru"


def test_text_is_cut_to_the_limit():
    raw = single_part("text/plain", b"x" * (MAX_TEXT_CHARS * 2))
    assert len(read_message(raw).text) == MAX_TEXT_CHARS


def test_multipart_without_a_boundary_does_not_raise():
    assert read_message(b"Content-Type: multipart/mixed\r\n\r\n--x\r\nhello\r\n").automatic is None


@settings(max_examples=300)
@given(st.binary(max_size=3000))
def test_any_bytes_read_without_raising(raw):
    assert isinstance(read_message(raw).text, str)


@settings(max_examples=300)
@given(
    st.sampled_from(sorted(path.name for path in MAILS.glob("*.eml"))),
    st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=255)), max_size=20),
)
def test_damaged_real_mails_read_without_raising(name, damage):
    raw = bytearray((MAILS / name).read_bytes())
    for position, byte in damage:
        raw[position % len(raw)] = byte
    assert isinstance(read_message(bytes(raw)).text, str)


@settings(max_examples=300)
@given(
    st.dictionaries(
        st.sampled_from(
            ["From", "To", "Cc", "Date", "Subject", "Message-ID", "References", "Return-Path", "Content-Type",
             "Content-Transfer-Encoding", "Auto-Submitted", "Precedence"]
        ),
        st.text(max_size=80),
    ),
    st.text(max_size=200),
)  # fmt: skip
def test_any_header_values_read_without_raising(headers, body):
    raw = "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n" + body
    assert isinstance(read_message(raw.encode("utf-8", "surrogatepass")).text, str)


def test_a_charset_that_is_pythons_own_codec_reads_as_utf8():
    # punycode's decoder is quadratic, and no mail client writes it
    assert read_message(single_part("text/plain; charset=punycode", "Perú".encode())).text == "Perú"


def test_only_the_first_parts_are_read_and_a_mail_of_nothing_but_parts_is_unreadable():
    parts = b"".join(b"--m\r\nContent-Type: text/plain\r\n\r\n\r\n" for _ in range(MAX_PART_LINES))
    head = 'From: alice@example.org\r\nContent-Type: multipart/mixed; boundary="m"\r\n\r\n'
    with pytest.raises(Unreadable):
        read_message(head.encode() + parts + b"--m\r\nContent-Type: text/plain\r\n\r\ndraw\r\n--m--\r\n")
    assert read_message(head.encode() + b"--m\r\nContent-Type: text/plain\r\n\r\ndraw\r\n" + parts).text == "draw"


def test_the_quote_stripper_reads_a_prefix():
    raw = single_part("text/plain", b"draw\n" + b"x" * (MAX_READ_CHARS * 10) + b"\nOn Tue, Capitalla wrote:\n> quote")
    assert read_message(raw).text.startswith("draw\nxxx")
