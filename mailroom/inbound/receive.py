"""One received mail, whichever way it came (`manage.py mail_in`, the /mail/inbound/
webhook, the outbox's reply box): checked, played once, answered.

Check first, read later: everything up to "seen before" is decided from the headers alone
(mailroom/inbound/head.py); the body is decoded and read only for a new mail from a seat's
own player, so a stranger's mail costs one parse of its head.

- Bounces and auto-replies are dropped (they get no answer, so no loop).
- A mail with two of a header RFC 5322 allows once (From, To, Message-ID, Reply-To, …), or
  with no Message-ID, is refused: either is how a captured mail is made to look new.
- The reply address must name a seat of ours (mailroom/inbound/address.py) that the token's
  user still holds, their account still active, and the mail must come from that user's
  confirmed address, as the one mailbox of its From (mailroom/inbound/sender.py); otherwise
  it is refused (an SMTP server answers 550, so the sender's own server tells them).
- A Message-ID seen before is not played again (an InboundMail row per mail).
- A mail whose body cannot be read is answered "unreadable", a permanent failure (554;
  the webhook's 200 says so): sent again, it would fail again.
- A reply to a finished game is answered with its result; any other, by playing its
  commands in the position now (mailroom/inbound/play.py), even if it answers an older turn's
  mail: they are checked against the game as it is, whose turn included.
- The answer is a Notification (kind "mail_answer"), sent after the commit, threaded
  under the reply, retried like every mail if the mail server is down.
"""

import hashlib
import logging
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from engine.commands import CommandError, normalize, split_commands
from mailroom import queue
from mailroom.inbound import address
from mailroom.inbound.head import Head, Unreadable, read_head
from mailroom.inbound.message import MessageTooBig, checked_size, read_text
from mailroom.inbound.play import SAY_VERBS, Report, play_commands, reads_as_a_command, seat_names
from mailroom.models import InboundMail, Notification
from tables.models import Game
from tables.move_log import in_words

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Received:
    """What became of a mail: `status` is "played", "partly", "refused" or "over" (answered),
    "duplicate", "ignored" (automatic), "rejected" (not for a seat of ours, not from its
    player, or headers that are not once each), "unreadable" or "too_big"; `detail` says
    why, for the sender's server and the logs."""

    status: str
    detail: str
    mail: InboundMail | None = None

    @property
    def smtp_reply(self) -> str:
        if self.status == "rejected":
            return f"550 5.7.1 {self.detail}"
        if self.status == "too_big":
            return f"552 5.3.4 {self.detail}"
        if self.status == "unreadable":
            return f"554 5.6.0 {self.detail}"
        return f"250 2.0.0 {self.detail}"


def receive(raw: bytes, recipients: list[str] | tuple = ()) -> Received:
    """Handle one mail. `recipients`: the envelope's, when the transport knows them (the
    headers' To, Cc and Delivered-To are read too)."""
    try:
        head = read_head(checked_size(raw))
    except MessageTooBig as exc:
        return Received("too_big", str(exc) or "Message too big")
    except Unreadable as exc:
        return Received("unreadable", str(exc))
    if head.automatic:
        logger.info("Inbound mail %s ignored: %s", head.message_id, head.automatic)
        return Received("ignored", f"Not answered: {head.automatic}")
    if head.repeated:
        return Received("rejected", f"More than one {head.repeated} header")
    if not head.message_id:
        return Received("rejected", "A mail without a Message-ID is not taken")
    checked = _sender_at_seat(head, recipients)
    if isinstance(checked, Received):
        return checked
    user, game, seat = checked
    key = hashlib.sha256(head.message_id.encode()).hexdigest()
    if InboundMail.objects.filter(key=key).exists():
        return Received("duplicate", "Already received")
    try:
        text = read_text(raw)
    except Unreadable as exc:
        logger.warning("Inbound mail %s for game %s seat %s unreadable", head.message_id, game.pk, seat)
        return Received("unreadable", str(exc))
    return _play_once(head, key, text, user, game, seat)


def _sender_at_seat(head: Head, recipients) -> tuple | Received:
    """(user, game, seat) the mail may play for, or the refusal: the first recipient that
    names a seat of ours, still the token's user's, and the mail from their address."""
    reply_to = next(
        filter(None, (address.seat_of_address(to) for to in [*recipients, *head.recipients])),
        None,
    )
    if reply_to is None:
        return Received("rejected", "No such player address")
    # An account the staff deactivated plays no more, by mail as by its sessions, magic
    # links and API tokens: its reply-to tokens carry no expiry of their own.
    user = get_user_model().objects.filter(pk=reply_to.user_id, is_active=True).first()
    game = Game.objects.filter(pk=reply_to.game_id).first()
    if user is None or game is None or not game.seats.filter(index=reply_to.seat, user=user).exists():
        return Received("rejected", "This address no longer plays that seat")
    if not (user.email_confirmed and user.email and head.from_address == user.email.strip().lower()):
        logger.warning("Inbound mail for game %s seat %s from a stranger %r", game.pk, reply_to.seat, head.from_address)
        return Received("rejected", "Only the player's own mail address may send their moves")
    return user, game, reply_to.seat


def _play_once(head: Head, key: str, text: str, user, game: Game, seat: int) -> Received:
    try:
        with transaction.atomic():
            mail = InboundMail.objects.create(
                key=key,
                message_id=head.message_id[:255],
                user=user,
                game=game,
                seat=seat,
                subject=head.subject[:300],
                references=" ".join(f"<{ref}>" for ref in [*head.references, head.message_id] if ref),
                text=text,
                outcome=InboundMail.Outcome.OVER,
            )
            if game.status == Game.Status.ACTIVE:
                since = _since_the_position_answered(head, game)
                report = _play(user, game, seat, text)
                mail.outcome = report.outcome
                mail.report = {**report.as_json(), "stale": since is not None, "since": since or []}
                mail.save(update_fields=["outcome", "report"])
            else:
                mail.report = _after_the_end(user, game, seat, text).as_json()
                mail.save(update_fields=["report"])
            queue.queue_mail(Notification.Kind.MAIL_ANSWER, user, game, mail.pk)
    except IntegrityError:
        if InboundMail.objects.filter(key=key).exists():
            return Received("duplicate", "Already received")
        raise
    return Received(mail.outcome, mail.get_outcome_display(), mail)


def _play(user, game: Game, seat: int, text: str) -> Report:
    try:
        commands = split_commands(text)
    except CommandError as exc:
        return Report(refused={"command": "", "reason": exc.reason})
    if not commands:
        return Report(refused={"command": "", "reason": "The mail has no command in it."})
    return play_commands(user, game.pk, seat, commands)


def _after_the_end(user, game: Game, seat: int, text: str) -> Report:
    """A reply to a game that is over: its table talk is said, as on the page, after a
    finished game (an abandoned table is closed); the answer names the rest as moot."""
    try:
        commands = split_commands(text)
    except CommandError:
        return Report()
    commands = [c for c in commands if reads_as_a_command(game, seat, c)]
    talk = [c for c in commands if normalize(c).partition(" ")[0] in SAY_VERBS]
    if game.status != Game.Status.FINISHED:
        return Report(moot=commands)
    report = play_commands(user, game.pk, seat, talk) if talk else Report()
    report.moot = [c for c in commands if c not in talk]
    return report


def _since_the_position_answered(head: Head, game: Game) -> list[str] | None:
    """What happened at the table since the position the mail it answers showed (our
    Message-IDs name the version), in words, the latest SINCE_LINES of it; None when it
    answers the position now, or a mail we cannot place (taken as answering the latest).
    A late reply learns why the table is not as its mail showed (a bot played their turn)."""
    shown = address.version_answered([head.in_reply_to, *reversed(head.references)], game.pk)
    if shown is None or shown == game.version:
        return None
    names = dict(enumerate(seat_names(game)))
    events = game.events.filter(seq__gt=shown).order_by("-seq").values("seat", "summary")[:SINCE_LINES]
    return [in_words(e, lambda i: names.get(i, f"Seat {i + 1}")) for e in reversed(events)]


SINCE_LINES = 10
