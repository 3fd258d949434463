"""One received mail, whichever way it came (`manage.py mail_in`, the /mail/inbound/
webhook, the outbox's reply box): checked, played once, answered.

- Bounces and auto-replies are dropped (they get no answer, so no loop).
- The reply address must name a seat of ours (games/inbound/address.py) that the token's
  user still holds, their account still active, and the mail must come from that user's
  confirmed address; otherwise it is refused (an SMTP server answers 550, so the sender's
  own server tells them).
- A Message-ID seen before is not played again (an InboundMail row per mail).
- A reply to a finished game is answered with its result; any other, by playing its
  commands in the position now (games/inbound/play.py), even if it answers an older turn's
  mail: they are checked against the game as it is, whose turn included.
- The answer is a Notification (kind "mail_answer"), sent after the commit, threaded
  under the reply, retried like every mail if the mail server is down.
"""

import hashlib
import logging
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games import notifications
from games.engine.commands import CommandError, normalize, split_commands
from games.inbound import address
from games.inbound.message import Incoming, MessageTooBig, read_message
from games.inbound.play import SAY_VERBS, Report, play_commands, reads_as_a_command, seat_names
from games.models import Game, InboundMail, Notification
from games.presenters import in_words

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Received:
    """What became of a mail: `status` is "played", "partly", "refused" or "over" (answered),
    "duplicate", "ignored" (automatic), "rejected" (not for a seat of ours, or not from
    its player) or "too_big"; `detail` says why, for the sender's server and the logs."""

    status: str
    detail: str
    mail: InboundMail | None = None

    @property
    def smtp_reply(self) -> str:
        if self.status == "rejected":
            return f"550 5.7.1 {self.detail}"
        if self.status == "too_big":
            return f"552 5.3.4 {self.detail}"
        return f"250 2.0.0 {self.detail}"


def receive(raw: bytes, recipients: list[str] | tuple = ()) -> Received:
    """Handle one mail. `recipients`: the envelope's, when the transport knows them (the
    headers' To, Cc and Delivered-To are read too)."""
    try:
        incoming = read_message(raw)
    except MessageTooBig as exc:
        return Received("too_big", str(exc) or "Message too big")
    if incoming.automatic:
        logger.info("Inbound mail %s ignored: %s", incoming.message_id, incoming.automatic)
        return Received("ignored", f"Not answered: {incoming.automatic}")
    reply_to = next(
        filter(None, (address.seat_of_address(to) for to in [*recipients, *incoming.recipients])),
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
    if not (user.email_confirmed and user.email and incoming.from_address == user.email.strip().lower()):
        logger.warning(
            "Inbound mail for game %s seat %s from a stranger %r", game.pk, reply_to.seat, incoming.from_address
        )
        return Received("rejected", "Only the player's own mail address may send their moves")
    return _play_once(incoming, raw, user, game, reply_to.seat)


def _play_once(incoming: Incoming, raw: bytes, user, game: Game, seat: int) -> Received:
    key = hashlib.sha256((incoming.message_id or "").encode() or raw).hexdigest()
    try:
        with transaction.atomic():
            mail = InboundMail.objects.create(
                key=key,
                message_id=incoming.message_id[:255],
                user=user,
                game=game,
                seat=seat,
                subject=incoming.subject[:300],
                references=" ".join(f"<{ref}>" for ref in [*incoming.references, incoming.message_id] if ref),
                text=incoming.text,
                outcome=InboundMail.Outcome.OVER,
            )
            if game.status == Game.Status.ACTIVE:
                since = _since_the_position_answered(incoming, game)
                report = _play(user, game, seat, incoming.text)
                mail.outcome = report.outcome
                mail.report = {**report.as_json(), "stale": since is not None, "since": since or []}
                mail.save(update_fields=["outcome", "report"])
            else:
                mail.report = _after_the_end(user, game, seat, incoming.text).as_json()
                mail.save(update_fields=["report"])
            notifications.queue_mail(Notification.Kind.MAIL_ANSWER, user, game, mail.pk)
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


def _since_the_position_answered(incoming: Incoming, game: Game) -> list[str] | None:
    """What happened at the table since the position the mail it answers showed (our
    Message-IDs name the version), in words, the latest SINCE_LINES of it; None when it
    answers the position now, or a mail we cannot place (taken as answering the latest).
    A late reply learns why the table is not as its mail showed (a bot played their turn)."""
    shown = address.version_answered([incoming.in_reply_to, *reversed(incoming.references)], game.pk)
    if shown is None or shown == game.version:
        return None
    names = dict(enumerate(seat_names(game)))
    events = game.events.filter(seq__gt=shown).order_by("-seq").values("seat", "summary")[:SINCE_LINES]
    return [in_words(e, lambda i: names.get(i, f"Seat {i + 1}")) for e in reversed(events)]


SINCE_LINES = 10
