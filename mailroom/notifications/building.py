"""A mail as it goes out: a plain-text and an HTML part from its templates, the headers a
game mail carries (one-click unsubscribe, Auto-Submitted), a Message-ID of our domain, and
a subject on one line."""

import re
import unicodedata
from email.utils import make_msgid, parseaddr
from urllib.parse import urlparse

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from capitalla_site.links import absolute
from mailroom.notifications.links import link_days, unsubscribe_url


def build(user, template, subject, context, game_mail=True) -> EmailMultiAlternatives:
    """The mail in a plain-text and an HTML part. Game mail has a one-click unsubscribe;
    an account's own mail (a password reset, an address confirmation) has none: it is not
    a mailing."""
    unsubscribe = unsubscribe_url(user) if game_mail else None
    mail_headers = context.pop("mail_headers", {})
    context = {
        "user": user,
        "site_url": settings.SITE_URL,
        "unsubscribe_url": unsubscribe,
        "profile_url": absolute(reverse("profile")),
        **context,
    }
    if context.get("signs_in"):
        context["signs_in_text"] = (
            "The game links in this mail sign you in for their game only, once, until you sign out or the game"
            f" ends, and for {link_days()} days at most. Don't forward this mail."
        )
    # One blank line at most between parts: a part left empty leaves its line breaks.
    text = re.sub(r"\n{3,}", "\n\n", render_to_string(f"{template}.txt", context))
    html = render_to_string(f"{template}.html", context)
    headers = (
        {
            "List-Unsubscribe": OneLineHeader("List-Unsubscribe", f"<{unsubscribe}>"),
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # RFC 3834: no vacation responder answers it (and none of its answers loops).
            "Auto-Submitted": "auto-generated",
        }
        if game_mail
        else {}
    )
    headers.update(mail_headers)
    headers.setdefault("Message-ID", make_msgid(domain=sender_domain()))
    message = EmailMultiAlternatives(
        mail_subject(subject), text, settings.DEFAULT_FROM_EMAIL, [user.email], headers=headers
    )
    message.attach_alternative(html, "text/html")
    message.capitalla_user_id = user.pk  # the outbox backend files it under this user
    return message


def sender_domain() -> str:
    """The domain of our mail's Message-IDs: the sender's, else the site's. Left to Django,
    it is the machine's own name (`localhost` in a container), which spam filters score."""
    return parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or urlparse(settings.SITE_URL).hostname


class OneLineHeader(str):
    """A header value written out as it is, on one line. The email package folds a value
    longer than 78 characters at its spaces; `<https://…>` has none, so it would come out
    RFC 2047-encoded (`=?utf-8?q?=3Chttp…`), which mail clients do not read as RFC 8058's
    one-click unsubscribe. RFC 5322 allows lines of up to 998 characters. (A str with a
    `name` and `fold` is what the email package stores and writes as a ready header.)"""

    def __new__(cls, name: str, value: str):
        if any(c in value for c in "\r\n"):
            raise ValueError(f"{name} must be one line")
        header = super().__new__(cls, value)
        header.name = name
        return header

    def __getnewargs__(self):  # copies and pickles (the test backends copy each message)
        return self.name, str(self)

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


def mail_subject(text: str) -> str:
    """`text` as one header line: line breaks and control characters (a display name may
    hold them) become single spaces, which Django would otherwise refuse."""
    return " ".join("".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in text).split())
