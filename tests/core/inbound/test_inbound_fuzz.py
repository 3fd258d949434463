"""Raw MIME from anyone, generated: nested parts, every transfer encoding, made-up charsets,
broken boundaries, damaged bytes. read_message raises nothing but the documented
Unreadable (or MessageTooBig), and receive always answers: never an exception, so never
a 500 from the webhook or a 451 from mail_in."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mailroom.inbound.head import Unreadable
from mailroom.inbound.message import MessageTooBig, read_message
from mailroom.inbound.receive import Received, receive
from mailroom.models import InboundMail
from tests.mail_replies import seat_address

CONTENT_TYPES = [
    "text/plain", "text/html", "multipart/mixed", "multipart/alternative", "multipart/related", "message/rfc822",
    "application/octet-stream", "text/plain; format=flowed; delsp=yes", "", "text", "multipart/",
]  # fmt: skip
CHARSETS = [
    "utf-8",
    "us-ascii",
    "iso-8859-1",
    "utf-16",
    "utf-7",
    "punycode",
    "idna",
    "base64",
    "x-made-up",
    "utf\x00-8",
    "\x80",
]
DISPOSITIONS = ["attachment", "inline", "attachment; filename=a.txt", ""]
ENCODINGS = ["7bit", "8bit", "binary", "base64", "quoted-printable", "x-uuencode", "uuencode", "bogus", ""]
TEXTS = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [
            b"draw",
            b"take discard\r\n\r\nOn Tue, Capitalla wrote:\r\n> quote",
            b"<a <a <!-- <p>draw",
            b"=\r\n=4",
            b"dGFr!!==",
        ]
    ),
)
MOSTLY = st.sampled_from([True] * 9 + [False])
HEADER_VALUES = st.one_of(st.text(max_size=60), st.sampled_from(["alice@example.com", "<x@y>", "=?utf-8?b?QQ==?=", ""]))


@st.composite
def part(draw, depth: int = 0) -> bytes:
    content_type = draw(st.sampled_from(CONTENT_TYPES))
    params = ""
    if draw(st.booleans()):
        params += f"; charset={draw(st.sampled_from(CHARSETS))}"
    boundary = f"b{depth}{draw(st.sampled_from(['', 'x', ' ', '"']))}"
    if content_type.startswith("multipart") and draw(st.booleans()):
        params += f'; boundary="{boundary}"'
    head = f"Content-Type: {content_type}{params}\r\n"
    if draw(st.booleans()):
        head += f"Content-Transfer-Encoding: {draw(st.sampled_from(ENCODINGS))}\r\n"
    if draw(st.booleans()):
        head += f"Content-Disposition: {draw(st.sampled_from(DISPOSITIONS))}\r\n"
    if content_type.startswith(("multipart", "message")) and depth < 6:
        children = draw(st.lists(part(depth + 1), max_size=3))
        body = b"".join(b"--" + boundary.encode() + b"\r\n" + child for child in children)
        if draw(st.booleans()):
            body += b"--" + boundary.encode() + b"--\r\n"
    else:
        body = draw(TEXTS)
    return head.encode("utf-8", "surrogatepass") + b"\r\n" + body + b"\r\n"


@st.composite
def mail(draw, sender: str = "alice@example.com", to: str = "play+x@capitalla.localhost") -> bytes:
    # Mostly the seat's own player, so that the body is read: that is where the cost is.
    headers = {
        "From": sender if draw(MOSTLY) else draw(HEADER_VALUES),
        "To": to if draw(MOSTLY) else draw(HEADER_VALUES),
        "Message-ID": f"<{draw(st.uuids())}@example.com>" if draw(MOSTLY) else draw(HEADER_VALUES),
    }
    headers |= draw(st.dictionaries(st.sampled_from(["Subject", "In-Reply-To", "X-Any"]), HEADER_VALUES, max_size=2))
    lines = [f"{name}: {value}" for name, value in headers.items()]
    raw = ("\r\n".join(lines) + "\r\nMIME-Version: 1.0\r\n").encode("utf-8", "surrogatepass") + draw(part())
    if draw(st.booleans()):
        raw = raw.replace(b"\r\n", b"\n")
    for position, byte in draw(st.lists(st.tuples(st.integers(min_value=0), st.integers(0, 255)), max_size=3)):
        raw = raw[: position % len(raw)] + bytes([byte]) + raw[position % len(raw) + 1 :]
    return raw


@settings(max_examples=3000, deadline=None)
@given(mail())
def test_read_message_reads_or_says_unreadable(raw):
    try:
        assert isinstance(read_message(raw).text, str)
    except (Unreadable, MessageTooBig):
        pass


@pytest.mark.django_db
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_receive_always_answers(table, alice, enqueued, data):
    InboundMail.objects.all().delete()  # each example a new mail, whatever Message-ID it drew
    raw = data.draw(mail(sender=f"Alice <{alice.email}>", to=seat_address(table, alice)))
    assert isinstance(receive(raw), Received)
