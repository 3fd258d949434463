"""What the worst mails one can build at 2 MB cost the site to receive, through both ways
replies come in: the /mail/inbound/ webhook (in process, through Django's test client) and
`manage.py mail_in`'s server (mailroom/inbound/server.py on a loopback port in this process,
sent to with smtplib), on a throw-away test database (SQLite, or DATABASE_URL's server).

    .venv/bin/python bench/bench_inbound.py [runs per mail and path, default 3]

Every mail is just under MAX_MESSAGE_BYTES and comes from alice to her own seat's reply
address, so that it passes the header checks and its body is read (the worst case); one
more is a stranger's, refused on its head. Each run carries a new Message-ID (a Message-ID
seen before is a cheap "duplicate"). CPU is the whole process's (time.process_time, all
threads) around the request or the SMTP session: the client's share is counted too (under
mail_in, the sending thread's own CPU is shown beside it).
Then, with mail_in reading 4 mails at once, the wall-clock time of a normal reply of bob's
to his seat alone, and sent while one of the three costliest hostile mails (and the base64
one, as big as an attachment) to alice's seat is on its way, started 0 to 40 ms before it.
Targets: every mail <= 100 ms of CPU on both paths; the normal reply delayed by <= 100 ms.
The script exits 1 if one is missed.
"""

import base64
import logging
import os
import smtplib
import socket
import statistics
import sys
import tempfile
import threading
import time
from email.utils import make_msgid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
os.environ.setdefault("DEBUG", "1")

TARGET_MS = 100
MARGIN = 1024  # bytes left under MAX_MESSAGE_BYTES for the Message-ID and the SMTP framing
OFFSETS_MS = (0, 5, 10, 20, 40)  # how long before the normal reply the hostile one starts
ALONE_RUNS = 9
CRLF = b"\r\n"
ALICE = "Alice <alice@example.com>"
MALLORY = "Mallory <mallory@example.com>"


# --- The mails: each builder gets (sender, to, size) and returns (header lines, body) ---


def headers(sender: str, to: str, *extra: str) -> list[str]:
    return [
        f"From: {sender}",
        f"To: {to}",
        "Subject: Re: Your turn in Capitalla",
        "Date: Mon, 07 Dec 2026 10:00:00 +0000",
        "MIME-Version: 1.0",
        *extra,
    ]


def room(lines: list[str], size: int) -> int:
    """What is left of `size` bytes for the body under these header lines."""
    return size - len("\r\n".join(lines).encode()) - 4


def filled(unit: bytes, size: int, start: bytes = b"", end: bytes = b"") -> bytes:
    """start, then unit repeated, then end: at most `size` bytes."""
    return start + unit * max(0, (size - len(start) - len(end)) // len(unit)) + end


def lines_of(piece: bytes, width: int = 900) -> bytes:
    """`piece` repeated on one line of about `width` bytes, with its CRLF (SMTP's limit is 998)."""
    return piece * max(1, width // len(piece)) + CRLF


def plain(unit: bytes, start: bytes = b"", *extra: str, kind: str = "text/plain; charset=utf-8"):
    def build(sender, to, size):
        lines = headers(sender, to, f"Content-Type: {kind}", *extra)
        return lines, filled(unit, room(lines, size), start)

    return build


def html(unit: bytes, start: bytes = b"<html><body>\r\n"):
    def build(sender, to, size):
        lines = headers(sender, to, "Content-Type: text/html; charset=utf-8")
        return lines, filled(unit, room(lines, size), start)

    return build


def nested_multipart(sender, to, size):
    """Each level a multipart/mixed part of the one above it, with its own boundary."""
    lines = headers(sender, to, "Content-Type: multipart/mixed; boundary=b0")
    left, levels, pieces = room(lines, size) - 200, 0, []
    while left > 0:
        piece = b"--b%d\r\nContent-Type: multipart/mixed; boundary=b%d\r\n\r\n" % (levels, levels + 1)
        pieces.append(piece)
        left -= len(piece)
        levels += 1
    pieces.append(b"--b%d\r\nContent-Type: text/plain\r\n\r\ngg\r\n--b%d--\r\n" % (levels, levels))
    return lines, b"".join(pieces)


def nested_messages(sender, to, size):
    lines = headers(sender, to, "Content-Type: message/rfc822")
    unit = b"From: alice@example.com\r\nContent-Type: message/rfc822\r\n\r\n"
    return lines, filled(unit, room(lines, size), end=b"gg\r\n")


def many_parts(content_type: bool):
    """Tens of thousands of blank text/plain parts: with their Content-Type header, or
    without one (text/plain by default), which a count of Content-Type lines misses."""

    def build(sender, to, size):
        lines = headers(sender, to, "Content-Type: multipart/mixed; boundary=b")
        unit = b"--b\r\nContent-Type: text/plain\r\n\r\n \r\n" if content_type else b"--b\r\n\r\n \r\n"
        return lines, filled(unit, room(lines, size), end=b"--b--\r\n")

    return build


def base64_bomb(sender, to, size):
    lines = headers(sender, to, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64")
    encoded = base64.encodebytes(b"> Am 24.11.2026 um 10:00 schrieb gg <a " * (size // 50)).replace(b"\n", CRLF)
    return lines, encoded[: room(lines, size)].rpartition(CRLF)[0] + CRLF


def head_bomb(header: str, head_bytes: int | None):
    """Headers of 90 bytes each, `head_bytes` of them (None: the whole mail, past the 64 KB
    the head may have), then quote lines."""

    def build(sender, to, size):
        lines = headers(sender, to, "Content-Type: text/plain")
        count = ((head_bytes or size) - 1000) // 90
        lines += [f"{header}-{n:05}: {'x' * (90 - len(header) - 11)}" for n in range(count)]
        return lines, filled(lines_of(b"> gg "), room(lines, size), b"gg\r\n")

    return build


def recipients_bomb(sender, to, size):
    """One To of about 55 KB: forged seat addresses of ours, the real one last (the webhook,
    with no envelope recipient, checks each token)."""
    local, _, domain = to.rpartition("@")
    fake = [f"{local.partition('+')[0]}+1.{n % 4}.{n}.{'0' * 24}@{domain}" for n in range(1000)]
    lines = headers(sender, ",\r\n ".join([*fake, to]), "Content-Type: text/plain")
    return lines, filled(lines_of(b"> gg "), room(lines, size), b"gg\r\n")


def sender_bomb(sender, to, size):
    """Alice's own address under a display name of about 60 KB of words, folded."""
    name = "\r\n ".join(["Alice " * 12] * (60_000 // 73))
    lines = headers(f"{name}<alice@example.com>", to, "Content-Type: text/plain")
    return lines, filled(lines_of(b"> gg "), room(lines, size), b"gg\r\n")


def words_bomb(sender, to, size):
    """A Subject of encoded words and References of message ids, about 26 KB each, folded."""
    subject = "\r\n ".join(["=?utf-8?q?Re=3A_Your_turn=C3=A9?="] * 700)
    references = "\r\n ".join(f"<capitalla.1.{n}.{n:016x}@capitalla.localhost>" for n in range(500))
    lines = headers(sender, to, "Content-Type: text/plain", f"References: {references}")
    lines[2] = f"Subject: {subject}"
    return lines, filled(lines_of(b"> gg "), room(lines, size), b"gg\r\n")


QP = "Content-Transfer-Encoding: quoted-printable"
BIG_ATTACHMENT = "base64: a 2 MB text/plain part"
ATTRIBUTIONS = b"Am 24.11.2026 um 10:00 schrieb Op 24-11-2026 om 10:00 schreef "
MAILS = [
    ("html: unclosed tags <a <a <a", html(lines_of(b"<a "))),
    ("html: huge <style>, never closed", html(lines_of(b"a{color:red}"), b"<html><head><style>\r\n")),
    ("html: unclosed comments <!-- <!", html(lines_of(b"<!-- <! <? "), b"<div>gg</div>\r\n")),
    ("html: attribute quotes left open", html(lines_of(b"<p title=\"x' class='gmail_quote "))),
    ("text: 'Am .. schrieb' lines", plain(lines_of(ATTRIBUTIONS))),
    ("text: '> ' quotes, 'On .. wrote:'", plain(b"> > gg\r\nOn Tue, 24 Nov 2026, Bob wrote:\r\n> On\r\n")),
    ("text: one 2 MB line ('Am .. schrieb')", plain(ATTRIBUTIONS)),
    ("text: one 2 MB line of 'x'", plain(b"x" * 64)),
    ("text: 2 MB of empty lines", plain(CRLF, b"gg\r\n")),
    ("multipart nested 35,000 deep", nested_multipart),
    ("message/rfc822 nested 36,000 deep", nested_messages),
    ("58,000 blank text/plain parts", many_parts(True)),
    ("209,000 parts without Content-Type", many_parts(False)),
    (BIG_ATTACHMENT, base64_bomb),
    ("qp: '=41' escapes, soft breaks", plain(b"=41" * 25 + b"=\r\n", b"", QP)),
    ("qp: nothing but soft breaks", plain(b"=\r\n", b"gg", QP)),
    ("format=flowed, every line flowed", plain(b"gg " * 15 + b"\r\n", kind="text/plain; format=flowed; delsp=yes")),
    ("head: 64 KB of Received headers", head_bomb("Received", 60_000)),
    ("head: 2 MB of X- headers (> 64 KB)", head_bomb("X-Spam", None)),
    ("head: To of 1,000 forged seat addresses", recipients_bomb),
    ("head: From with a 60 KB display name", sender_bomb),
    ("head: Subject and References, 26 KB each", words_bomb),
]
STRANGER = "a stranger's 2 MB mail (From mallory)"


def compose(lines: list[str], body: bytes, message_id: str) -> bytes:
    head = [*lines[:3], f"Message-ID: {message_id}", *lines[3:]]
    return "\r\n".join(head).encode("utf-8") + CRLF + CRLF + body


def build_mails(game, alice, size: int) -> list[tuple[str, list[str], bytes]]:
    from tests.mail_replies import seat_address

    to = seat_address(game, alice)
    mails = [(label, *build(ALICE, to, size)) for label, build in MAILS]
    mails.append((STRANGER, *html(lines_of(b"<a "))(MALLORY, to, size)))
    return mails


# --- Sending ---


def post(client, raw: bytes) -> str:
    response = client.post("/mail/inbound/", data=raw, content_type="message/rfc822", HTTP_AUTHORIZATION="Bearer bench")
    return (
        response.json().get("status", str(response.status_code))
        if response.status_code == 200
        else str(response.status_code)
    )


def smtp_send(port: int, sender: str, to: str, raw: bytes) -> str:
    """The SMTP reply code of the session's DATA (or of what refused the mail before it)."""
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
            smtp.sendmail(sender, [to], raw)
        return "250"
    except smtplib.SMTPRecipientsRefused as exc:
        return str(next(iter(exc.recipients.values()))[0])
    except smtplib.SMTPResponseException as exc:
        return str(exc.smtp_code)
    except smtplib.SMTPServerDisconnected:
        return "disconnected"


def cpu_ms(send) -> tuple[float, float, str]:
    """CPU ms of the whole process and of this thread (under mail_in: the client's) around `send`."""
    started, here = time.process_time(), time.thread_time()
    status = send()
    return (time.process_time() - started) * 1000, (time.thread_time() - here) * 1000, status


def measure(mails, runs: int, send) -> list[tuple[str, int, str, float, float, float]]:
    """(label, bytes, status, median CPU ms, max CPU ms, median ms of this thread) per mail,
    sent `runs` times."""
    rows = []
    for label, lines, body in mails:
        times, here, statuses, size = [], [], set(), 0
        for _ in range(runs):
            raw = compose(lines, body, make_msgid(domain="example.com"))
            size = len(raw)
            ms, thread_ms, status = cpu_ms(lambda label=label, raw=raw: send(label, raw))
            times.append(ms)
            here.append(thread_ms)
            statuses.add(status)
        row = (label, size, "/".join(sorted(statuses)), statistics.median(times), max(times), statistics.median(here))
        rows.append(row)
    return rows


def print_cpu(path: str, rows, client: bool) -> None:
    """The table of `measure`; with `client`, the sending thread's share (median) too."""
    print(f"\n{path}: CPU ms per mail (process_time, client included)")
    extra = (f" {'client ms':>9} |", f"{'-' * 10}:|") if client else ("", "")
    print(f"| {'mail':<42} | {'bytes':>9} | {'status':<12} | {'median ms':>9} | {'max ms':>7} |{extra[0]}")
    print(f"|{'-' * 44}|{'-' * 10}:|{'-' * 14}|{'-' * 10}:|{'-' * 8}:|{extra[1]}")
    for label, size, status, median, worst, here in rows:
        flag = "  << over" if worst > TARGET_MS else ""
        share = f" {here:9.1f} |" if client else ""
        print(f"| {label:<42} | {size:>9,} | {status:<12} | {median:9.1f} | {worst:7.1f} |{share}{flag}")


# --- No player waits for another's mail ---


def wall_ms(send) -> float:
    started = time.perf_counter()
    send()
    return (time.perf_counter() - started) * 1000


def alongside(port, normal, hostile) -> list[tuple[float, str]]:
    """The normal reply's wall time, sent `offset` ms after the hostile one starts, per offset."""
    results = []
    for offset in OFFSETS_MS:
        to, raw = hostile()
        thread = threading.Thread(target=smtp_send, args=(port, "alice@example.com", to, raw))
        thread.start()
        time.sleep(offset / 1000)
        answer = []
        ms = wall_ms(lambda answer=answer: answer.append(smtp_send(port, "bob@example.com", *normal())))
        thread.join()
        results.append((ms, answer[0]))
    return results


def concurrency(port, game, bob, alice_to, costliest) -> list[tuple[str, float, float, float, float, str]]:
    """(what ran alongside, median ms, max ms, added median, added max, statuses) rows; the
    first is the normal reply alone."""
    from tests.mail_replies import reply, seat_address

    bob_to = seat_address(game, bob)

    def normal():
        return bob_to, reply(game, bob, "draw")

    status = []
    alone = [wall_ms(lambda: status.append(smtp_send(port, "bob@example.com", *normal()))) for _ in range(ALONE_RUNS)]
    base = statistics.median(alone)
    rows = [("(alone)", base, max(alone), 0.0, 0.0, "/".join(sorted(set(status))))]
    for label, lines, body in costliest:

        def hostile(lines=lines, body=body):
            return alice_to, compose(lines, body, make_msgid(domain="example.com"))

        results = alongside(port, normal, hostile)
        times = [ms for ms, _ in results]
        statuses = "/".join(sorted({s for _, s in results}))
        rows.append(
            (label, statistics.median(times), max(times), statistics.median(times) - base, max(times) - base, statuses)
        )
    return rows


def print_concurrency(rows) -> None:
    print(
        f"\nmail_in, 4 threads: a normal reply of bob's (wall ms), alone and with a hostile mail {OFFSETS_MS} ms ahead"
    )
    print(
        f"| {'alongside':<42} | {'median ms':>9} | {'max ms':>7} | {'added median':>12} | {'added max':>9} | status |"
    )
    print(f"|{'-' * 44}|{'-' * 10}:|{'-' * 8}:|{'-' * 13}:|{'-' * 10}:|--------|")
    for label, median, worst, added_median, added_max, status in rows:
        flag = "  << over" if added_max > TARGET_MS else ""
        numbers = f"{median:9.1f} | {worst:7.1f} | {added_median:12.1f} | {added_max:9.1f}"
        print(f"| {label:<42} | {numbers} | {status:<6} |{flag}")


# --- Setting up ---


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def players():
    """alice and bob with confirmed addresses, at a started two-seat Capitalla table."""
    from django.contrib.auth import get_user_model

    from accounts.confirmation import confirm_address
    from tables.actions import lifecycle

    made = []
    for username, name in (("alice", "Alice"), ("bob", "Bob")):
        user = get_user_model().objects.create_user(username, email=f"{username}@example.com", display_name=name)
        confirm_address(user)
        made.append(get_user_model().objects.get(pk=user.pk))
    alice, bob = made
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk), alice, bob


def test_database(folder: str):
    """A throw-away test database: a SQLite file in `folder` (shared by the server's threads,
    waiting for each other's writes), or a test database on DATABASE_URL's server."""
    from django.conf import settings
    from django.test.utils import setup_databases, setup_test_environment

    database = settings.DATABASES["default"]
    sqlite = database["ENGINE"] == "django.db.backends.sqlite3"
    database.setdefault("TEST", {})["NAME"] = (
        str(Path(folder) / "bench_inbound.sqlite3") if sqlite else "test_bench_inbound"
    )
    setup_test_environment()
    return setup_databases(verbosity=0, interactive=False)


def quiet_site() -> None:
    """The webhook's secret, a reply address, no mail handed to the broker, no log lines."""
    from django.conf import settings

    from tables.actions import enqueue

    settings.MAIL_IN_SECRET = "bench"
    settings.MAIL_IN_ADDRESS = settings.MAIL_IN_ADDRESS or "play@capitalla.localhost"
    # An answer's mail is queued on commit; the bench keeps it off the development broker.
    enqueue.celery_app.send_task = lambda *args, **kwargs: None
    logging.disable(logging.CRITICAL)


def run(runs: int) -> bool:
    from django.db import connection
    from django.test import Client

    from mailroom.inbound.message import MAX_MESSAGE_BYTES
    from mailroom.inbound.server import ReplyServer
    from tests.mail_replies import reply, seat_address

    print(
        f"Python {sys.version.split()[0]}, {connection.vendor}, {os.cpu_count()} cores, {runs} runs per mail and path"
    )
    game, alice, bob = players()
    mails = build_mails(game, alice, MAX_MESSAGE_BYTES - MARGIN)
    alice_to = seat_address(game, alice)
    client = Client()
    post(client, reply(game, alice, "gg"))  # warm-up: the first request loads the URLconf and the views
    webhook = measure(mails, runs, lambda label, raw: post(client, raw))
    print_cpu("webhook /mail/inbound/", webhook, client=False)
    server = ReplyServer("127.0.0.1", free_port(), threads=4)
    server.start()
    try:
        smtp_send(server.port, "alice@example.com", alice_to, reply(game, alice, "gg"))  # warm-up
        senders = {label: ("mallory@example.com" if label == STRANGER else "alice@example.com") for label, *_ in mails}
        mail_in = measure(mails, runs, lambda label, raw: smtp_send(server.port, senders[label], alice_to, raw))
        print_cpu("mail_in (SMTP)", mail_in, client=True)
        costliest = sorted(mails, key=lambda mail: -next(row[4] for row in mail_in if row[0] == mail[0]))[:3]
        # and a big mail as many send one: a 2 MB attachment's worth of base64 lines
        costliest += [mail for mail in mails if mail[0] == BIG_ATTACHMENT and mail not in costliest]
        waits = concurrency(server.port, game, bob, alice_to, costliest)
        print_concurrency(waits)
    finally:
        server.stop()
    over = [
        f"{path}: {row[0]}"
        for path, rows in (("webhook", webhook), ("mail_in", mail_in), ("mail_in alongside", waits))
        for row in rows
        if row[4] > TARGET_MS
    ]
    if over:
        print(f"\nOver the {TARGET_MS} ms target ({len(over)}):\n  " + "\n  ".join(over))
    return not over


def main(runs: int) -> int:
    import django

    django.setup()
    from django.db import connections
    from django.test.utils import teardown_databases

    with tempfile.TemporaryDirectory(prefix="bench_inbound") as folder:
        old_config = test_database(folder)
        quiet_site()
        try:
            met = run(runs)
        finally:
            connections.close_all()
            teardown_databases(old_config, verbosity=0)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
