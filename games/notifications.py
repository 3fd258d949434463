"""Mails to players: "your turn", the reminder, "game over", the daily digest, and an
account's own: the password-reset and the address-confirmation links.

`send_notification` runs in a Celery task, after the change that led to it committed. It
re-reads everything, drops a mail that no longer makes sense (the player moved, the game
moved on, they turned mail off), and claims its try on a `Notification` row unique on
(user, game, kind, version) before sending: a task delivered twice sends one mail. A mail
server that refuses or cannot be reached leaves the row waiting for its next try
(RETRY_DELAYS, over a day), which the sweeper offers again (`retry_due_mails`); a mail that
cannot be built, or is refused for more than a day, is marked failed on that row and
logged. A mail about a game in play carries a magic link (games/magic_links.py: one game,
one use, expiring), every game mail a one-click unsubscribe link (a signed, expiring
token, no login), in a plain-text and an HTML part.
"""

import logging
import re
import smtplib
import unicodedata
from datetime import datetime, timedelta
from email.utils import make_msgid, parseaddr
from urllib.parse import urlparse

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Max, Sum
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts import confirmation
from accounts.signals import address_to_confirm, password_reset_asked
from capitalla_site.links import absolute
from games import magic_links
from games.actions import bot_play, clocks, enqueue, game_state
from games.actions.enqueue import QUEUE_LEASE, queue_mail
from games.inbound import address as reply_addresses
from games.inbound.play import EVERY_GAME, moves_help
from games.mail_position import position, wrap_text
from games.models import (
    ON_A_CLOCK,
    SYSTEM_MOVES,
    Event,
    Game,
    InboundMail,
    Notification,
    Seat,
    is_on_the_clock,
    turn_time_label,
)
from games.presenters import history_lines
from ledger import chips
from ledger.models import Entry
from ratings.reading import changes_of, shown

logger = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "capitalla.unsubscribe"
# Failures a later try may not meet (the SMTP server, the network; smtplib's errors are
# OSErrors): the mail is tried again. Any other failure is recorded on the Notification.
TRANSIENT_MAIL_ERRORS = (smtplib.SMTPException, OSError)
# How long a mail waits after each refused try before the next one: a mail server down
# for a day (a weekend's outage) delays the mail, and after the last the mail is marked
# failed. The wait after a try is claimed with it, so a worker that dies while sending
# leaves the mail due again then; it must outlast the SMTP timeout (20 s by default).
RETRY_DELAYS = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=6),
    timedelta(hours=12),
    timedelta(hours=12),
)
# A mail the sweeper handed to a task that never ran (a lost message), or whose row was
# made by a worker that died before its claim, is due again after this.
# The mails that tell a player a game waits for them: none goes while they are away.
WAITING_MAILS = (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER, Notification.Kind.DIGEST)
# At most this many moves are told in a "your turn" mail; the game page has the rest.
SUMMARY_LINES = 40
# The latest table talk a turn mail quotes.
CHAT_LINES = 5


# ---------------------------------------------------------------- links


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


def send_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0, now=None) -> bool:
    """Make try number `attempt + 1` of one mail, if it still makes sense and nobody made
    that try before. True if sent. A turn mail or reminder that falls in the player's
    quiet hours waits on its row until they end (`_wait_for_quiet_hours`)."""
    sent = _send_if_news(kind, user_id, game_id, version, attempt, now or timezone.now())
    if sent is None:  # no longer news: a mail waiting for its next try is dropped
        Notification.objects.filter(
            user_id=user_id, game_id=game_id, kind=kind, version=version, attempts=attempt, sent_at=None, failed_at=None
        ).delete()
    return bool(sent)


def _send_if_news(kind, user_id, game_id, version, attempt, now) -> bool | None:
    """True if sent, False if not this time (another delivery has the try, it failed, or
    it waits for the next), None if the mail no longer makes sense."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return None
    if kind == Notification.Kind.CONFIRM_ADDRESS:
        if not user.email or user.email_confirmed:
            return None  # the address left the account, or is confirmed already
        return _claim_and_send(
            user, None, kind, version, attempt, "email/confirm_address", lambda: _confirm_address(user), game_mail=False
        )
    if not user.email_confirmed:
        return None  # any other mail goes only to an address its owner confirmed
    if kind == Notification.Kind.PASSWORD_RESET:
        if not (user.is_active and user.has_usable_password()):
            return None
        return _claim_and_send(
            user, None, kind, version, attempt, "email/password_reset", lambda: _password_reset(user), game_mail=False
        )
    if kind in WAITING_MAILS and user.absences.under_way().exists():
        return None  # they said they are away: none of these while they are
    if kind == Notification.Kind.DIGEST:
        if user.email_notifications != user.Mail.DIGEST:
            return None
        return _send_digest(user, day=version, attempt=attempt)
    if kind == Notification.Kind.MAIL_ANSWER:  # they wrote to us: answered whatever their settings
        return _send_mail_answer(user, game_id, inbound_id=version, attempt=attempt)
    if not user.wants_turn_mail:
        return None
    if kind == Notification.Kind.REMATCH:
        return _send_rematch_invitation(user, game_id, attempt)
    if kind == Notification.Kind.TABLE_FULL:
        return _send_table_full(user, game_id, attempt)
    game = Game.objects.filter(pk=game_id).first()
    seat = game and next((s for s in game.seat_list if s.user_id == user.pk), None)
    if seat is None:
        return None
    if kind in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER):
        still_waiting = (
            game.status == Game.Status.ACTIVE
            # Extra time, an absence's start or end, a return: the same turn goes on.
            and (game.version == version or game.position_unchanged_since(version))
            and seat.index in game.clock_seats()
            and not seat.away
        )
        if not still_waiting:
            return None  # they moved, or the game moved on: the mail would be news from the past
        quiet_until = user.quiet_until_moment(now)
        if quiet_until is not None:
            return _wait_for_quiet_hours(user, game, kind, version, attempt, quiet_until)
    elif kind == Notification.Kind.GAME_OVER:
        if game.status != Game.Status.FINISHED:
            return None
    elif kind == Notification.Kind.TIMED_OUT:
        # Still so: a bot plays the seat, or the player is out of a game that goes on
        # (a game the timeout ended has its result mail instead).
        if game.status != Game.Status.ACTIVE or not (seat.away or seat.index in game_state.out_seats(game)):
            return None
    else:
        raise ValueError(f"unknown notification kind {kind!r}")
    return _claim_and_send(
        user, game, kind, version, attempt, f"email/{kind}", lambda: _COMPOSERS[kind](user, game, seat, version)
    )


def _wait_for_quiet_hours(user, game, kind, version, attempt, until) -> bool:
    """Put the mail's row off until the player's quiet hours end, its try not taken: the
    sweeper's `retry_due_mails` offers it again then, and it goes if it is still news."""
    with transaction.atomic():
        row, _ = Notification.objects.get_or_create(
            user=user, game=game, kind=kind, version=version, defaults={"next_try_at": until}
        )
    Notification.objects.filter(pk=row.pk, attempts=attempt, sent_at=None, failed_at=None).update(next_try_at=until)
    return False


def _claim_and_send(user, game, kind, version, attempt, template, compose, game_mail=True) -> bool:
    """Claim the try, then write the mail (`compose()` -> subject, context; so magic links
    and reset tokens are made only for a mail that goes out) and send it."""
    claim = _claim_try(user, game, kind, version, attempt)
    if claim is None:
        return False  # sent, failed, or this try taken by another delivery of the task
    try:
        with timezone.override(user.time_zone):  # its dates and hours in the player's zone
            mail = _build(user, template, *compose(), game_mail=game_mail)
        mail.send()
    except TRANSIENT_MAIL_ERRORS as exc:
        _refused(claim, exc)
        return False
    except Exception as exc:  # a retry would fail the same way: keep the row as the trace
        logger.exception("Mail %s (notification %s) could not be built or sent", kind, claim.pk)
        _settle(claim, failed_at=timezone.now(), error=_error_text(exc))
        return False
    _settle(claim, sent_at=timezone.now(), error="")
    return True


def _claim_try(user, game, kind, version, attempt) -> Notification | None:
    """The mail's row (made now for a first try), with try `attempt + 1` claimed by a
    conditional UPDATE that one delivery of the task wins; None if it lost. The claim
    also sets the next try, so a worker that dies while sending leaves the mail due then
    (and a new row is due soon even before its claim)."""
    with transaction.atomic():  # get_or_create settles a race on the unique row
        row, _ = Notification.objects.get_or_create(
            user=user, game=game, kind=kind, version=version, defaults={"next_try_at": timezone.now() + QUEUE_LEASE}
        )
    tries = attempt + 1
    claimed = Notification.objects.filter(pk=row.pk, attempts=attempt, sent_at=None, failed_at=None).update(
        attempts=tries, next_try_at=timezone.now() + retry_delay(tries)
    )
    if not claimed:
        return None
    row.attempts = tries
    return row


def retry_delay(tries: int) -> timedelta:
    """How long after try number `tries` the next one comes."""
    return RETRY_DELAYS[min(tries, len(RETRY_DELAYS)) - 1]


def _refused(claim, exc) -> None:
    """The mail server refused the try or could not be reached: the row waits for its next
    try, which the claim set; after the last one, the mail has failed."""
    if claim.attempts > len(RETRY_DELAYS):
        logger.error(
            "Mail %s (notification %s) refused on all %s tries, given up: %s", claim.kind, claim.pk, claim.attempts, exc
        )
        _settle(claim, failed_at=timezone.now(), error=_error_text(exc))
        return
    logger.warning(
        "Mail %s (notification %s) refused on try %s, to be tried again in %s: %s",
        claim.kind,
        claim.pk,
        claim.attempts,
        retry_delay(claim.attempts),
        exc,
    )
    Notification.objects.filter(pk=claim.pk, attempts=claim.attempts).update(error=_error_text(exc))


def _settle(claim, **fields) -> None:
    Notification.objects.filter(pk=claim.pk).update(next_try_at=None, **fields)


def _error_text(exc) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def retry_due_mails(now=None, limit: int = 500) -> int:
    """The sweeper's pass over mails due again: each is claimed by a conditional UPDATE
    (its next try moves QUEUE_LEASE ahead, so it is handed to one task at a time) and
    handed to the worker with the number of tries made. A mail the broker refused stays
    due. Returns how many were handed over."""
    now = now or timezone.now()
    due = list(
        Notification.objects.filter(next_try_at__lte=now)
        .order_by("next_try_at")
        .values_list("pk", "user_id", "game_id", "kind", "version", "attempts", "next_try_at")[:limit]
    )
    handed = 0
    for pk, user_id, game_id, kind, version, attempts, due_at in due:
        if not Notification.objects.filter(pk=pk, next_try_at=due_at).update(next_try_at=now + QUEUE_LEASE):
            continue  # another sweeper took it
        if enqueue.publish_notification(kind, user_id, game_id, version, attempt=attempts):
            handed += 1
        else:
            Notification.objects.filter(pk=pk, next_try_at=now + QUEUE_LEASE).update(next_try_at=due_at)
    return handed


def _build(user, template, subject, context, game_mail=True) -> EmailMultiAlternatives:
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


# ---------------------------------------------------------------- the mails


def _names(game):
    by_index = {s.index: s.name for s in game.seat_list}
    return lambda i: by_index.get(i, f"Seat {i + 1}" if i is not None else "")


def _deadline_text(deadline, style: str = "%A %d %B, %H:%M %Z") -> str:
    return timezone.localtime(deadline).strftime(style) if deadline else ""


def _since_last_turn(game, seat, version) -> tuple[list[str], list[str]]:
    """What happened since this seat's player last moved, in words, and the latest lines
    the others said at the table meanwhile ("Bob: good luck"); both oldest first."""
    seq, since = _last_own_move(game, seat.index, version) or (0, game.started_at)
    events = list(
        Event.objects.filter(game=game, seq__gt=seq, seq__lte=version)
        .order_by("-seq")
        .values("seq", "seat", "summary", "created_at")[:SUMMARY_LINES]
    )
    name_of = _names(game)
    happened = [line["text"] for line in history_lines(reversed(events), name_of)]
    talk = list(
        game.chat.exclude(seat=seat.index)
        .filter(created_at__gt=since)
        .order_by("-id")
        .values_list("seat", "text")[:CHAT_LINES]
    )
    return happened, [f"{name_of(speaker)}: {text}" for speaker, text in reversed(talk)]


# Events at a seat that start a stretch the stand-in bot plays, and that end one; the rest
# of the system events (extra time) are nobody's move.
STAND_IN_STARTS = frozenset({"timeout", "takeover", "absence_starts"})
STAND_IN_ENDS = frozenset({"back", "absence_ends"})


def _last_own_move(game, index: int, version: int) -> tuple[int, datetime] | None:
    """The (seq, time) of the last move the seat's player made themselves: not a system
    event (coming back from an absence is no turn), nor a move the stand-in bot made for
    them (after a timeout, in the same turn; while it holds the seat). Read newest first,
    the moves of a turn between the seat's events are known to be the bot's only once the
    timeout before them shows up; another seat's move ends the turn."""
    events = (
        Event.objects.filter(game=game, seq__lte=version)
        .order_by("-seq")
        .values_list("seq", "seat", "move__type", "created_at")
    )
    standing_in = False  # reading back, inside a stretch the bot played
    candidate = None  # the newest own move seen, its turn not yet closed
    for seq, seat, kind, at in events.iterator(chunk_size=200):
        if seat != index:
            if candidate is not None:
                return candidate
        elif kind in STAND_IN_ENDS:
            standing_in = True
        elif kind in STAND_IN_STARTS:
            standing_in, candidate = False, None
        elif kind not in SYSTEM_MOVES and not standing_in and candidate is None:
            candidate = (seq, at)
    return candidate


def _your_turn(user, game, seat, version):
    happened, said = _since_last_turn(game, seat, version)
    context = {
        "title": game.title,
        "game_name": game.rules.info.name,
        "link": magic_link(user, game.pk),
        "signs_in": True,
        "happened": happened,
        "said": said,
        "position": position(game, user),
        "deadline": _deadline_text(game.deadline),
        "clock": _clock_words(game),
        **_by_mail(user, game, seat.index),
    }
    return f"Your turn in {context['title']}", context


def _clock_words(game) -> str:
    """The clock a turn mail's deadline comes from: a step where the seats choose at once
    (Rummathon's buying) has a shorter one than a turn."""
    if game.clock_at_once:
        return f"time to choose: {turn_time_label(clocks.at_once_seconds(game.turn_seconds))}"
    return f"turn time: {turn_time_label(game.turn_seconds)}"


def _command_text(command) -> str:
    """A command's lines in a mail's text part: its form and meaning, its example under
    them, each wrapped for a 72-column reader."""
    return wrap_text(f"- {command.form}: {command.meaning}\n    e.g. {command.example}").rstrip("\n")


def _by_mail(user, game, index: int) -> dict:
    """What a mail about a position needs so that its answer can be a move: its Message-ID,
    and, where the site receives mail, the seat's reply address and the commands it may
    send now (each line wrapped for a 72-column reader)."""
    headers = {"Message-ID": reply_addresses.message_id(game.pk, game.version)}
    if not reply_addresses.enabled():
        return {"mail_headers": headers, "by_mail": None}
    reply_to = reply_addresses.ReplyTo(game_id=game.pk, seat=index, user_id=user.pk)
    headers["Reply-To"] = f"{game.title} <{reply_addresses.reply_address(reply_to)}>"
    moves = moves_help(game, index) if game.status == Game.Status.ACTIVE else []
    commands = [
        {"form": c.form, "example": c.example, "meaning": c.meaning, "text": _command_text(c)}
        for c in [*moves, *EVERY_GAME]
    ]
    return {"mail_headers": headers, "by_mail": {"commands": commands, "can_move": bool(moves)}}


# What happens when a turn runs out, by the table's timeout policy: the reminder says it.
ON_TIMEOUT = {
    Game.TimeoutPolicy.BOT: (
        "a bot plays this turn for you (after {misses} missed turns in a row it keeps your seat until you come back)"
    ),
    Game.TimeoutPolicy.FORFEIT: "you are out of the game",
}


# ... and when this turn would be the last miss before a bot keeps the seat.
ON_LAST_MISS = (
    "a bot plays this turn for you and, as that makes {misses} missed turns in a row,"
    " keeps your seat until you come back"
)


def _reminder(user, game, seat, version):
    """Short enough a subject not to be folded (a mail client may show the fold's space)."""
    subject, context = _your_turn(user, game, seat, version)
    misses = bot_play.MISSES_BEFORE_TAKEOVER
    last_miss = game.timeout_policy == Game.TimeoutPolicy.BOT and seat.missed_turns + 1 >= misses
    context["on_timeout"] = (ON_LAST_MISS if last_miss else ON_TIMEOUT[game.timeout_policy]).format(misses=misses)
    return f"Reminder: {context['title']}, play by {_deadline_text(game.deadline, '%a %d %b, %H:%M %Z')}", context


def _timed_out(user, game, seat, version):
    """The player whose time ran out hears what it did: a bot took their seat until they
    come back, or they are out of the game."""
    context = {
        "title": game.title,
        "game_name": game.rules.info.name,
        "link": magic_link(user, game.pk),
        "signs_in": True,
        "away": seat.away,
        "misses": bot_play.MISSES_BEFORE_TAKEOVER,
        **_by_mail(user, game, seat.index),
    }
    if seat.away:
        return f"A bot plays your seat in {context['title']}", context
    return f"Your time ran out in {context['title']}", context


def _game_over(user, game, seat, version):
    result = game.result or {}
    name_of = _names(game)
    winners = result.get("winners") or []
    won = seat.index in winners
    context = {
        "title": game.title,
        "game_name": game.rules.info.name,
        "link": game_link(game),
        "headline": game.plugin.result_headline(result, name_of),
        "won": won,
        **_rating_after(user, game),
        **_chips_after(user, game),
    }
    if won:
        outcome = "you won"
    elif winners:
        outcome = " and ".join(name_of(i) for i in winners) + " won"
    else:
        outcome = "no winner"
    return f"{context['title']} is over: {outcome}", context


def _chips_after(user, game) -> dict:
    """At a table played for chips: what the player staked in it, what it paid them, and
    the difference (`chips`); nothing at a friendly table."""
    if not game.ante:
        return {}
    account = chips.player_account(user)
    entries = Entry.objects.filter(game=game)

    def total(**which) -> int:
        return entries.filter(**which).aggregate(total=Sum("amount"))["total"] or 0

    # An ante paid again after leaving and coming back before the deal counts once.
    staked = total(debit=account, reason=Entry.Reason.ANTE) - total(credit=account, reason=Entry.Reason.REFUND)
    paid = total(credit=account, reason__in=[Entry.Reason.PAYOUT, Entry.Reason.ROUND_SHARE])
    return {"chips": {"staked": staked, "paid": paid, "net": f"{paid - staked:+d}"}}


def _rating_after(user, game) -> dict:
    """The player's rating after a finished rated game (`rating`, `shown`), and whether the
    farming rule (docs/ratings.md) did not let it count (`uncounted`, with the `opponent`
    it blames); nothing for an unrated game. One query."""
    change = changes_of(game).get(user.pk) if game.rated else None
    if change is None:
        return {}
    return {
        "rating": shown(change.shown_after, change.games_after, change.change),
        "uncounted": change.weight == 0,
        "opponent": "this opponent" if len(change.opponents) == 1 else "one of these opponents",
    }


_COMPOSERS = {
    Notification.Kind.YOUR_TURN: _your_turn,
    Notification.Kind.REMINDER: _reminder,
    Notification.Kind.GAME_OVER: _game_over,
    Notification.Kind.TIMED_OUT: _timed_out,
}


def _send_mail_answer(user, game_id: int, inbound_id: int, attempt: int) -> bool | None:
    """The answer to a reply that sent commands: what was played or why nothing was, and
    the position now, threaded under the reply. Sent to the address the reply came from
    (the account's, checked on arrival) whatever the player's mail settings."""
    mail = InboundMail.objects.filter(pk=inbound_id, user=user, game_id=game_id).select_related("game").first()
    if mail is None or not user.email:
        return None
    return _claim_and_send(
        user,
        mail.game,
        Notification.Kind.MAIL_ANSWER,
        inbound_id,
        attempt,
        "email/mail_answer",
        lambda: _mail_answer(user, mail),
    )


def _mail_answer(user, mail: InboundMail):
    game = mail.game
    report = mail.report or {}
    name_of = _names(game)
    context = {
        "title": game.title,
        "game_name": game.rules.info.name,
        "done": report.get("done") or [],
        "refused": report.get("refused"),
        "skipped": report.get("skipped") or [],
        "said": report.get("said") or [],
        "unread": report.get("unread") or [],
        "moot": report.get("moot") or [],
        "stale": report.get("stale"),
        "since": report.get("since") or [],
        "position": position(game, user),
        **_by_mail(user, game, mail.seat),
    }
    if game.status == Game.Status.ACTIVE:
        context.update(
            # Its turn, not any move it may send: a Casino answer may go at any time.
            my_turn=mail.seat in game.people_to_act(),
            waiting_for=" and ".join(name_of(i) for i in game.to_act),
            deadline=_deadline_text(game.deadline),
            link=magic_link(user, game.pk),
            signs_in=True,
        )
    else:
        context.update(headline=game.plugin.result_headline(game.result or {}, name_of), link=game_link(game))
        context["by_mail"] = None
    context["mail_headers"].update(
        {"In-Reply-To": f"<{mail.message_id}>", "References": mail.references, "Auto-Submitted": "auto-replied"}
        if mail.message_id
        else {"Auto-Submitted": "auto-replied"}
    )
    subject = mail.subject if mail.subject.lower().startswith("re:") else f"Re: {mail.subject or game.title}"
    return subject, context


def _send_rematch_invitation(user, game_id: int, attempt: int) -> bool | None:
    """The old game's player hears that its rematch waits for them, while it still does:
    the table open, a seat free, and they not at it yet."""
    following = Game.objects.filter(pk=game_id, status=Game.Status.OPEN).select_related("rematch_of", "host").first()
    if following is None or not following.rematch_waits_for(user):
        return None
    context = _rematch_invitation(following)
    return _claim_and_send(
        user,
        following,
        Notification.Kind.REMATCH,
        0,
        attempt,
        "email/rematch",
        lambda: (f"{context['host']} wants a rematch of {context['old_title']}", context),
    )


def _rematch_invitation(following) -> dict:
    """What a mail says of a rematch table waiting for the player: the link leads to the
    old game's page, where "Join the rematch" is (a plain link: that game is over)."""
    return {
        "title": following.title,
        "old_title": following.rematch_of.title,
        "host": following.host.name,
        "link": game_link(following.rematch_of),
        "turn_time": turn_time_label(following.turn_seconds),
        "ante": following.ante,
        "rated": following.rated,
    }


def _send_table_full(user, game_id: int, attempt: int) -> bool | None:
    """The host hears that every seat of their table is taken, while it still is and is
    not dealt yet: only they can start it. The table's plain page has the Start button."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.OPEN, host=user).first()
    if game is None or game.free_indexes():
        return None
    name_of = _names(game)
    others = [name_of(s.index) for s in game.seat_list if s.user_id is not None and s.user_id != user.pk]
    context = {
        "title": game.title,
        "players": " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others),
        "link": game_link(game),
        "ante": game.ante,
    }
    return _claim_and_send(
        user,
        game,
        Notification.Kind.TABLE_FULL,
        0,
        attempt,
        "email/table_full",
        lambda: (f"Your table {context['title']} is full: start it", context),
    )


def _send_digest(user, day: int, attempt: int) -> bool | None:
    """The day's list of the games waiting for the player's move, and of the rematch
    tables waiting for them to sit down; none on a day with neither."""
    seats = [
        s
        for s in Seat.objects.filter(ON_A_CLOCK, user=user).select_related("game").order_by("game__deadline")
        if is_on_the_clock(s.index, s.game.clock_seat, s.game.to_act)
    ]
    rematches = [t for t in Game.objects.rematches_of_games_played_by([user.pk]) if t.rematch_waits_for(user)]
    if not seats and not rematches:
        return None
    games_heading, rematches_heading = _digest_headings(len(seats), len(rematches))
    subject = "; ".join(filter(None, (games_heading, rematches_heading.lower() if seats else rematches_heading)))
    return _claim_and_send(
        user,
        None,
        Notification.Kind.DIGEST,
        day,
        attempt,
        "email/digest",
        lambda: (
            subject,
            {
                "title": subject,
                "games_heading": games_heading,
                "rematches_heading": rematches_heading,
                "signs_in": bool(seats),
                "games": [
                    {
                        "title": s.game.title,
                        "link": magic_link(user, s.game_id),
                        "deadline": _deadline_text(s.game.deadline),
                    }
                    for s in seats
                ],
                "rematches": [_rematch_invitation(t) for t in sorted(rematches, key=lambda t: t.pk)],
            },
        ),
    )


def _digest_headings(games: int, rematches: int) -> tuple[str, str]:
    """The digest's two lists' headings, "" for an empty one: "2 games wait for your
    move", "A rematch waits for you"."""
    waiting = f"{games} game{'s' if games > 1 else ''} wait{'s' if games == 1 else ''} for your move" if games else ""
    if not rematches:
        return waiting, ""
    return waiting, "A rematch waits for you" if rematches == 1 else f"{rematches} rematches wait for you"


def queue_password_reset(user) -> None:
    """The password-reset link, queued (`queue_mail`), never sent in the request: the
    reset page must answer as fast whether or not an account has the address, and a mail
    server's round trip would tell. Each request is the account's next number (two at
    once make one mail)."""
    kind = Notification.Kind.PASSWORD_RESET
    queue_mail(kind, user, None, _next_account_mail(user, kind))


def send_address_confirmation(user) -> bool:
    """The link to confirm the account's address, as a mail row tried at once (a mail
    server that refuses leaves it to the sweeper's tries, so the page's "on its way"
    holds); dropped if the address changed or got confirmed meanwhile."""
    kind = Notification.Kind.CONFIRM_ADDRESS
    return send_notification(kind, user.pk, None, _next_account_mail(user, kind))


def _next_account_mail(user, kind) -> int:
    """Each request for an account's mail is its next number of that kind."""
    last = user.notifications.filter(kind=kind).aggregate(n=Max("version"))["n"]
    return 0 if last is None else last + 1


def _password_reset(user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = absolute(reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)]))
    return "Choose a new Capitalla password", {"title": "Choose a new password", "link": link}


def _confirm_address(user):
    return "Confirm your Capitalla mail address", {
        "title": "Confirm your mail address",
        "link": confirmation.confirmation_link(user),
        "link_days": confirmation.link_days(),
        "starting_chips": confirmation.chips_waiting(user),
    }


# Mail that accounts ask for, without importing this layer (accounts/signals.py).


@receiver(address_to_confirm)
def _mail_confirmation_link(sender, user, **kwargs) -> None:
    send_address_confirmation(user)


@receiver(password_reset_asked)
def _mail_password_reset_link(sender, user, **kwargs) -> None:
    queue_password_reset(user)
