"""Receive replies to turn mails over SMTP or LMTP until stopped (docs/operators.md, "Mail in")."""

import signal
import threading

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from mailroom.inbound.server import ReplyServer


def reply_server(host: str, port: int, lmtp: bool) -> ReplyServer:
    """The server, greeting as MAIL_IN_ADDRESS's domain, reading MAIL_IN_THREADS mails at once."""
    return ReplyServer(
        host, port, lmtp=lmtp, greets_as=settings.MAIL_IN_ADDRESS.rpartition("@")[2], threads=settings.MAIL_IN_THREADS
    )


class Command(BaseCommand):
    help = "Receive replies to turn mails (the moves they carry) over SMTP or LMTP."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="Address to listen on (default: 127.0.0.1).")
        parser.add_argument("--port", type=int, default=8025, help="Port to listen on (default: 8025).")
        parser.add_argument("--lmtp", action="store_true", help="Speak LMTP (Postfix's lmtp: transport) not SMTP.")

    def handle(self, *args, host, port, lmtp, **options):
        if not settings.MAIL_IN_ADDRESS:
            raise CommandError("Set MAIL_IN_ADDRESS (e.g. play@play.example.org): the address replies go to.")
        stop = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
        server = reply_server(host, port, lmtp)
        server.start()
        protocol = "LMTP" if lmtp else "SMTP"
        self.stdout.write(f"mail_in: {protocol} on {host}:{port} for {settings.MAIL_IN_ADDRESS} (+token)", ending="\n")
        self.stdout.flush()
        try:
            stop.wait()
        finally:
            server.stop()
