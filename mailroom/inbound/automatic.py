"""Mail no person wrote: bounces, delivery and read reports, auto-replies, list mail. Such
mail gets no answer, since answering an auto-reply starts a loop (RFC 3834)."""

import re
from email.message import Message
from email.utils import parseaddr

from mailroom.inbound.decoding import header_text

MAX_SENDER_CHARS = 998  # RFC 5322's longest line: no need to parse more of a From here
NULL_SENDER_LOCAL_PARTS = {"mailer-daemon", "postmaster"}
BULK_PRECEDENCES = {"bulk", "junk", "list", "auto_reply"}
# Headers whose presence marks an auto-reply (unless they say "no"). X-Auto-Response-Suppress
# is not one: it asks others not to auto-reply, and people's Outlook sends it too.
AUTO_REPLY_HEADERS = ("X-Autoreply", "X-Autorespond", "X-MS-Exchange-Generated-Message-Source")
LIST_HEADERS = ("List-Id", "List-Unsubscribe")
AUTOMATIC_SUBJECT = re.compile(
    r"^\s{0,9}auto\s{0,9}:"
    r"|\b(out of (the )?office|automatic reply|auto-?reply|autoreply|réponse automatique|automatische antwort"
    r"|abwesenheitsnotiz|respuesta automática|risposta automatica"
    r"|undeliverable|undelivered mail|delivery status notification|returned mail|mail delivery failed"
    r"|delivery failure|failure notice)\b",
    re.IGNORECASE,
)


def automatic_reason(message: Message) -> str | None:
    """Why the mail was sent by a machine rather than a person, for the logs; None if a
    person seems to have written it."""
    if message.get_content_type() == "multipart/report":
        return "delivery or read report (multipart/report)"
    auto_submitted = header_text(message, "Auto-Submitted").split(";")[0].strip().lower()
    if auto_submitted and auto_submitted != "no":
        return f"Auto-Submitted: {auto_submitted}"
    for name in AUTO_REPLY_HEADERS:
        value = header_text(message, name)
        if value and value.lower() not in {"no", "false", "0"}:
            return f"{name}: {value}"
    precedence = header_text(message, "Precedence").lower()
    if precedence in BULK_PRECEDENCES:
        return f"Precedence: {precedence}"
    for name in LIST_HEADERS:
        if message.get(name) is not None:
            return f"from a mailing list ({name})"
    if header_text(message, "Return-Path").replace(" ", "") == "<>":
        return "null sender (Return-Path: <>)"
    # The sender's local part, also when it has no domain ("From: MAILER-DAEMON").
    sender = parseaddr(header_text(message, "From")[:MAX_SENDER_CHARS])[1].lower()
    if sender.partition("@")[0] in NULL_SENDER_LOCAL_PARTS:
        return f"from {sender}"
    subject = header_text(message, "Subject")
    if AUTOMATIC_SUBJECT.search(subject):
        return f"subject: {subject}"
    return None
