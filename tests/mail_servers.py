"""Real SMTP servers (aiosmtpd) for the tests: one that collects what the site sends."""

import socket

from aiosmtpd.controller import Controller


class Collector:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SmtpServer:
    """An aiosmtpd server on a fixed port, which a test can stop and start again."""

    def __init__(self):
        self.collector = Collector()
        self.messages = self.collector.messages
        self.port = free_port()
        self.controller = None

    def start(self):
        self.controller = Controller(self.collector, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
