"""Mails to players: "your turn", the reminder, "game over" and the daily digest.

`send_notification` runs in a Celery task, after the change that led to it committed. It
re-reads everything, drops a mail that no longer makes sense (the player moved, the game
moved on, they turned mail off), and claims a `Notification` row unique on (user, game,
kind, version) before sending: a task delivered twice sends one mail. A mail that cannot
be built or sent for good is marked failed on that row and logged. A mail about a game in
play carries a magic link (games/magic_links.py: one game, one use, expiring), every mail
a one-click unsubscribe link (a signed, expiring token, no login), in a plain-text and an
HTML part.
"""

import logging
import smtplib
import unicodedata
from datetime import timedelta
from urllib.parse import urljoin

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from games import magic_links
from games.models import Event, Game, Notification, Seat, turn_time_label
from games.presenters import history_lines
from games.results import result_headline

logger = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "capitalla.unsubscribe"
# Failures a later try may not meet (the SMTP server, the network; smtplib's errors are
# OSErrors): the task retries them. Any other failure is recorded on the Notification.
TRANSIENT_MAIL_ERRORS = (smtplib.SMTPException, OSError)
# At most this many moves are told in a "your turn" mail; the game page has the rest.
SUMMARY_LINES = 40
# The latest table talk a turn mail quotes.
CHAT_LINES = 5


# ---------------------------------------------------------------- links


def absolute(path: str) -> str:
    return urljoin(settings.SITE_URL.rstrip("/") + "/", path.lstrip("/"))


def magic_link(user, game_id: int) -> str:
    """A new link that signs `user` in for this game only, once (after a POST on its
    landing page), while the game is on and for SESAME_MAX_AGE at most."""
    return absolute(magic_links.issue(user, game_id))


def game_link(game) -> str:
    """A plain link to a game's page, for mails about a game that is over (a magic link
    would be dead already): a private game asks for a sign-in."""
    return absolute(game.get_absolute_url())


def link_days() -> int:
    max_age = settings.SESAME_MAX_AGE
    seconds = max_age.total_seconds() if hasattr(max_age, "total_seconds") else float(max_age)
    return max(1, round(seconds / 86400))


def unsubscribe_token(user) -> str:
    return signing.dumps(user.pk, salt=UNSUBSCRIBE_SALT, compress=True)


def user_from_unsubscribe_token(token: str):
    """The user an unsubscribe token was made for, or None if it is not one of ours.
    Raises signing.SignatureExpired for one of ours older than UNSUBSCRIBE_DAYS."""
    try:
        pk = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=timedelta(days=settings.UNSUBSCRIBE_DAYS))
    except signing.SignatureExpired:
        raise
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=pk).first() if isinstance(pk, int) else None


def unsubscribe_url(user) -> str:
    return absolute(reverse("unsubscribe", args=[unsubscribe_token(user)]))


# ---------------------------------------------------------------- sending


def send_notification(kind: str, user_id: int, game_id: int | None, version: int) -> bool:
    """Send one mail if it still makes sense and nobody sent it before. True if sent."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email_confirmed:
        return False  # mail goes only to an address its owner confirmed
    if kind == Notification.Kind.DIGEST:
        if user.email_notifications != user.Mail.DIGEST:
            return False
        return _send_digest(user, day=version)
    if not user.wants_turn_mail:
        return False
    if kind == Notification.Kind.REMATCH:
        return _send_rematch_invitation(user, game_id)
    game = Game.objects.filter(pk=game_id).first()
    seat = game and next((s for s in game.seat_list if s.user_id == user.pk), None)
    if seat is None:
        return False
    if kind in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER):
        still_waiting = (game.status == Game.Status.ACTIVE and game.version == version
                         and game.clock_seat == seat.index and game.deadline is not None and not seat.away)
        if not still_waiting:
            return False  # they moved, or the game moved on: the mail would be news from the past
    elif kind == Notification.Kind.GAME_OVER:
        if game.status != Game.Status.FINISHED:
            return False
    else:
        raise ValueError(f"unknown notification kind {kind!r}")
    return _claim_and_send(user, game, kind, version, f"email/{kind}",
                           lambda: _COMPOSERS[kind](user, game, seat, version))


def _claim_and_send(user, game, kind, version, template, compose) -> bool:
    """Claim the mail, then write it (`compose()` -> subject, context; so magic links are
    made only for a mail that goes out) and send it."""
    try:
        with transaction.atomic():
            claim = Notification.objects.create(user=user, game=game, kind=kind, version=version)
    except IntegrityError:
        return False  # already sent (or being sent) by another delivery of this task
    try:
        _build(user, template, *compose()).send()
    except TRANSIENT_MAIL_ERRORS:
        claim.delete()  # let a retry of the task send it
        raise
    except Exception as exc:  # a retry would fail the same way: keep the row as the trace
        logger.exception("Mail %s (notification %s) could not be built or sent", kind, claim.pk)
        Notification.objects.filter(pk=claim.pk).update(failed_at=timezone.now(),
                                                        error=f"{type(exc).__name__}: {exc}"[:2000])
        return False
    Notification.objects.filter(pk=claim.pk).update(sent_at=timezone.now())
    return True


def _build(user, template, subject, context) -> EmailMultiAlternatives:
    unsubscribe = unsubscribe_url(user)
    context = {**context, "user": user, "site_url": settings.SITE_URL, "unsubscribe_url": unsubscribe,
               "profile_url": absolute(reverse("profile")),
               "link_days": link_days()}
    text = render_to_string(f"{template}.txt", context)
    html = render_to_string(f"{template}.html", context)
    message = EmailMultiAlternatives(
        mail_subject(subject), text, settings.DEFAULT_FROM_EMAIL, [user.email],
        headers={"List-Unsubscribe": OneLineHeader("List-Unsubscribe", f"<{unsubscribe}>"),
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(html, "text/html")
    message.capitalla_user_id = user.pk  # the outbox backend files it under this user
    return message


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


# ---------------------------------------------------------------- the mails


def _names(game):
    by_index = {s.index: s.name for s in game.seat_list}
    return lambda i: by_index.get(i, f"Seat {i + 1}" if i is not None else "")


def _title(game) -> str:
    return f"{game.rules.info.name} #{game.pk}"


def _deadline_text(deadline) -> str:
    return timezone.localtime(deadline).strftime("%A %d %B, %H:%M %Z") if deadline else ""


def _since_last_turn(game, seat, version) -> tuple[list[str], list[str]]:
    """What the others did since this seat's last own event, in words, and the latest
    lines they said at the table meanwhile ("Bob: good luck"); both oldest first."""
    last_own = (Event.objects.filter(game=game, seat=seat.index, seq__lte=version)
                .order_by("-seq").values_list("seq", "created_at").first())
    seq, since = last_own or (0, game.started_at)
    events = list(Event.objects.filter(game=game, seq__gt=seq, seq__lte=version)
                  .order_by("-seq").values("seq", "seat", "summary", "created_at")[:SUMMARY_LINES])
    name_of = _names(game)
    happened = [line["text"] for line in history_lines(reversed(events), name_of)]
    talk = list(game.chat.exclude(seat=seat.index).filter(created_at__gt=since)
                .order_by("-id").values_list("seat", "text")[:CHAT_LINES])
    return happened, [f"{name_of(speaker)}: {text}" for speaker, text in reversed(talk)]


def _your_turn(user, game, seat, version):
    happened, said = _since_last_turn(game, seat, version)
    context = {
        "title": _title(game), "game_name": game.rules.info.name, "link": magic_link(user, game.pk),
        "happened": happened, "said": said, "deadline": _deadline_text(game.deadline),
        "turn_time": turn_time_label(game.turn_seconds),
    }
    return f"Your turn in {context['title']}", context


def _reminder(user, game, seat, version):
    subject, context = _your_turn(user, game, seat, version)
    return f"Reminder: your move in {context['title']} before {context['deadline']}", context


def _game_over(user, game, seat, version):
    result = game.result or {}
    name_of = _names(game)
    winners = result.get("winners") or []
    won = seat.index in winners
    context = {"title": _title(game), "game_name": game.rules.info.name, "link": game_link(game),
               "headline": result_headline(result, name_of), "won": won}
    if won:
        outcome = "you won"
    elif winners:
        outcome = " and ".join(name_of(i) for i in winners) + " won"
    else:
        outcome = "no winner"
    return f"{context['title']} is over: {outcome}", context


_COMPOSERS = {
    Notification.Kind.YOUR_TURN: _your_turn,
    Notification.Kind.REMINDER: _reminder,
    Notification.Kind.GAME_OVER: _game_over,
}


def _send_rematch_invitation(user, game_id: int) -> bool:
    """The old game's player hears that its rematch waits for them, while it still does:
    the table open, a seat free, and they not at it yet. The link leads to the old game's
    page, where "Join the rematch" is (a plain link: that game is over)."""
    following = Game.objects.filter(pk=game_id, status=Game.Status.OPEN).select_related("rematch_of").first()
    old = following and getattr(following, "rematch_of", None)
    if old is None or old.seat_of(user) is None or following.seat_of(user) is not None \
            or not following.free_indexes():
        return False
    host = following.host.name
    context = {"title": _title(following), "old_title": _title(old), "host": host,
               "link": game_link(old), "turn_time": turn_time_label(following.turn_seconds),
               "ante": following.ante}
    return _claim_and_send(user, following, Notification.Kind.REMATCH, 0, "email/rematch",
                           lambda: (f"{host} wants a rematch of {context['old_title']}", context))


def _send_digest(user, day: int) -> bool:
    seats = list(Seat.objects.filter(user=user, game__status=Game.Status.ACTIVE, game__clock_seat=F("index"))
                 .select_related("game").order_by("game__deadline"))
    if not seats:
        return False
    n = len(seats)
    subject = f"{n} game{'s' if n > 1 else ''} wait{'s' if n == 1 else ''} for your move"
    return _claim_and_send(user, None, Notification.Kind.DIGEST, day, "email/digest", lambda: (subject, {
        "title": subject, "games": [{"title": _title(s.game), "link": magic_link(user, s.game_id),
                                     "deadline": _deadline_text(s.game.deadline)} for s in seats]}))
