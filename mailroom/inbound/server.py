"""The SMTP/LMTP server that receives replies to turn mails (`manage.py mail_in`), on
aiosmtpd. A mail server (Postfix, for example) forwards the game's mail domain to it;
docs/operators.md, "Mail in", shows the transport line.

It takes one recipient per transaction (a second gets 452, which a sending server
answers by trying it again in its own transaction) and refuses, at RCPT already, any
address that names no seat of ours, so nothing is accepted that nobody will read. Each
mail is handled by `mailroom.inbound.receive` in a pool of `threads` worker threads (the
database is synchronous), so one player's slow mail does not hold up another's. A mail
that cannot be read answers 554, for good; a failure of ours (the database down) answers
451, so the sender's server keeps the mail and tries again later.

The message itself (DATA) is read in one search for its end, not line by line as aiosmtpd
does: its loop costs 2–3 µs a line in the event loop that every session shares, so 2 MB
of empty lines held every other player's mail for 2 s (bench/bench_inbound.py).
"""

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import MISSING, SMTP
from django.db import close_old_connections, connections

from mailroom.inbound import address
from mailroom.inbound.message import MAX_MESSAGE_BYTES
from mailroom.inbound.receive import receive

logger = logging.getLogger(__name__)

END_OF_DATA = b"\r\n.\r\n"


def _receive(content: bytes, recipients: list[str]) -> str:
    close_old_connections()  # a long-running server outlives its database connections
    try:
        return receive(content, recipients).smtp_reply
    finally:
        connections.close_all()  # replies are few: no connection waits idle between them


class ReplyHandler:
    def __init__(self, threads: int):
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="mail_in")

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
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool, _receive, content, list(envelope.rcpt_tos))
        except Exception:
            logger.exception("Inbound mail from %s could not be handled", envelope.mail_from)
            return "451 4.3.0 Could not take the mail now, try again later"


class _WholeData:
    """smtp_DATA for aiosmtpd's SMTP and LMTP, reading the message with one readuntil.

    The message's lines each end in CRLF, so its end is always CRLF "." CRLF; only an empty
    message (DATA then "." at once, which no mail server sends) would wait for the
    session's time-out. Lines are not limited to 1,000 bytes: the mail server in front
    has taken the mail already."""

    # The stream reader's limit: a whole message fits in one readuntil.
    line_length_limit = MAX_MESSAGE_BYTES + len(END_OF_DATA)

    async def smtp_DATA(self, arg: str) -> None:
        if await self.check_helo_needed() or await self.check_auth_needed("DATA"):
            return
        if not self.envelope.rcpt_tos:
            await self.push("503 Error: need RCPT command")
            return
        if arg:
            await self.push("501 Syntax: DATA")
            return
        await self.push("354 End data with <CR><LF>.<CR><LF>")
        try:
            data = await self._reader.readuntil(END_OF_DATA)
        except asyncio.LimitOverrunError:
            await self.push("552 Error: Too much mail data")
            self.transport.close()  # the rest of it is not worth reading
            return
        content = unstuffed(data[: -len(b".\r\n")])
        self.envelope.content = self.envelope.original_content = content
        status = await self._call_handler_hook("DATA")
        self._set_post_data_state()
        await self.push("250 OK" if status is MISSING else status)


def unstuffed(data: bytes) -> bytes:
    """The message without the dot a client doubles at the start of a line (RFC 5321
    4.5.2), by bytes.replace: a regular expression took 40 ms over 2 MB."""
    data = data[1:] if data.startswith(b"..") else data
    return data.replace(b"\r\n..", b"\r\n.")


class ReplySMTP(_WholeData, SMTP):
    pass


class ReplyLMTP(_WholeData, LMTP):
    pass


class ReplyServer(Controller):
    """The server on `host:port`, speaking LMTP if `lmtp`, else SMTP, in its own thread
    (`start()`, `stop()`), greeting as `greets_as` (aiosmtpd's default is this machine's
    name, `localhost` on many), reading up to `threads` mails at once."""

    def __init__(self, host: str, port: int, lmtp: bool = False, greets_as: str | None = None, threads: int = 4):
        self.lmtp = lmtp
        super().__init__(
            ReplyHandler(threads),
            hostname=host,
            server_hostname=greets_as,
            port=port,
            data_size_limit=MAX_MESSAGE_BYTES,
            decode_data=False,
            ident="Capitalla mail_in",
        )

    def stop(self, *args, **kwargs):
        super().stop(*args, **kwargs)
        self.handler.pool.shutdown(wait=True)

    def factory(self):
        server_class = ReplyLMTP if self.lmtp else ReplySMTP
        return server_class(self.handler, **self.SMTP_kwargs)
