"""The SMTP/LMTP server that receives replies to turn mails (`manage.py mail_in`), on
aiosmtpd. A mail server (Postfix, for example) forwards the game's mail domain to it;
README, "Play by mail", shows the transport line.

It takes one recipient per transaction (a second gets 452, which a sending server
answers by trying it again in its own transaction) and refuses, at RCPT already, any
address that names no seat of ours, so nothing is accepted that nobody will read. Each
mail is handled by `games.inbound.receive` in a worker thread (the database is
synchronous); a failure there (the database down) answers 451, so the sender's server
keeps the mail and tries again later.
"""

import logging

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP
from asgiref.sync import sync_to_async
from django.db import close_old_connections, connections

from games.inbound import address
from games.inbound.message import MAX_MESSAGE_BYTES
from games.inbound.receive import receive

logger = logging.getLogger(__name__)


def _receive(content: bytes, recipients: list[str]) -> str:
    close_old_connections()  # a long-running server outlives its database connections
    try:
        return receive(content, recipients).smtp_reply
    finally:
        connections.close_all()  # replies are few: no connection waits idle between them


class ReplyHandler:
    async def handle_RCPT(self, server, session, envelope, address_, rcpt_options):
        if envelope.rcpt_tos:
            return "452 4.5.3 One recipient per message, please"
        if address.seat_of_address(address_) is None:
            return "550 5.1.1 No such player address"
        envelope.rcpt_tos.append(address_)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        content = envelope.original_content or envelope.content
        try:
            return await sync_to_async(_receive, thread_sensitive=True)(content, list(envelope.rcpt_tos))
        except Exception:
            logger.exception("Inbound mail from %s could not be handled", envelope.mail_from)
            return "451 4.3.0 Could not take the mail now, try again later"


class ReplyServer(Controller):
    """The server on `host:port`, speaking LMTP if `lmtp`, else SMTP, in its own thread
    (`start()`, `stop()`), greeting as `greets_as` (aiosmtpd's default is this machine's
    name, `localhost` on many)."""

    def __init__(self, host: str, port: int, lmtp: bool = False, greets_as: str | None = None):
        self.lmtp = lmtp
        super().__init__(
            ReplyHandler(),
            hostname=host,
            server_hostname=greets_as,
            port=port,
            data_size_limit=MAX_MESSAGE_BYTES,
            decode_data=False,
            ident="Capitalla mail_in",
        )

    def factory(self):
        server_class = LMTP if self.lmtp else SMTP
        return server_class(self.handler, **self.SMTP_kwargs)
