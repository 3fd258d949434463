"""Which mail goes, and how: `send_notification` runs in a Celery task, after the change
that led to it committed. It re-reads everything, drops a mail that no longer makes sense
(the player moved, the game moved on, they turned mail off or are away), holds a turn
mail until the player's quiet hours end, and hands the rest to `delivery` to send at most
once. The mails an account asks for (accounts/signals.py) start here too."""

from django.contrib.auth import get_user_model
from django.dispatch import receiver
from django.utils import timezone

from accounts.signals import address_to_confirm, password_reset_asked
from mailroom.models import Notification
from mailroom.notifications import table_mails
from mailroom.notifications.account_mails import address_confirmation_mail, next_account_mail, password_reset_mail
from mailroom.notifications.delivery import claim_and_send, wait_for_quiet_hours
from mailroom.notifications.turn_mails import COMPOSERS
from mailroom.queue import queue_mail
from tables.actions import game_state
from tables.models import Game

# The mails that tell a player a game waits for them: none goes while they are away.
WAITING_MAILS = (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER, Notification.Kind.DIGEST)
ACCOUNT_MAILS = {
    Notification.Kind.CONFIRM_ADDRESS: ("email/confirm_address", address_confirmation_mail),
    Notification.Kind.PASSWORD_RESET: ("email/password_reset", password_reset_mail),
}
TABLE_MAILS = {
    Notification.Kind.REMATCH: table_mails.send_rematch_invitation,
    Notification.Kind.TABLE_FULL: table_mails.send_table_full,
}


def send_notification(kind: str, user_id: int, game_id: int | None, version: int, attempt: int = 0, now=None) -> bool:
    """Make try number `attempt + 1` of one mail, if it still makes sense and nobody made
    that try before. True if sent. A turn mail or reminder that falls in the player's
    quiet hours waits on its row until they end (`wait_for_quiet_hours`)."""
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
    if kind in ACCOUNT_MAILS:
        return _send_account_mail(user, kind, version, attempt)
    if not user.email_confirmed:
        return None  # any other mail goes only to an address its owner confirmed
    if kind in WAITING_MAILS and user.absences.under_way().exists():
        return None  # they said they are away: none of these while they are
    if kind == Notification.Kind.DIGEST:
        if user.email_notifications != user.Mail.DIGEST:
            return None
        return table_mails.send_digest(user, day=version, attempt=attempt)
    if kind == Notification.Kind.MAIL_ANSWER:  # they wrote to us: answered whatever their settings
        return table_mails.send_mail_answer(user, game_id, inbound_id=version, attempt=attempt)
    if not user.wants_turn_mail:
        return None
    if kind in TABLE_MAILS:
        return TABLE_MAILS[kind](user, game_id, attempt)
    return _send_game_mail(user, kind, game_id, version, attempt, now)


def _send_account_mail(user, kind, version, attempt) -> bool | None:
    """An account's own mail: the address's confirmation while it is unconfirmed, a
    password reset to a confirmed address of an active account with a password."""
    if kind == Notification.Kind.CONFIRM_ADDRESS:
        if not user.email or user.email_confirmed:
            return None  # the address left the account, or is confirmed already
    elif not (user.email_confirmed and user.is_active and user.has_usable_password()):
        return None
    template, compose = ACCOUNT_MAILS[kind]
    return claim_and_send(user, None, kind, version, attempt, template, lambda: compose(user), game_mail=False)


def _send_game_mail(user, kind, game_id, version, attempt, now) -> bool | None:
    """A mail about a game the player sits at, if it is still news; a turn mail in their
    quiet hours waits for them to end."""
    game = Game.objects.filter(pk=game_id).first()
    seat = game and next((s for s in game.seat_list if s.user_id == user.pk), None)
    if seat is None or not _still_news(kind, game, seat, version):
        return None
    if kind in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER):
        quiet_until = user.quiet_until_moment(now)
        if quiet_until is not None:
            return wait_for_quiet_hours(user, game, kind, version, attempt, quiet_until)
    return claim_and_send(
        user, game, kind, version, attempt, f"email/{kind}", lambda: COMPOSERS[kind](user, game, seat, version)
    )


def _still_news(kind, game, seat, version) -> bool:
    if kind in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER):
        # They moved, or the game moved on: the mail would be news from the past. Extra
        # time, an absence's start or end, a return: the same turn goes on.
        return (
            game.status == Game.Status.ACTIVE
            and (game.version == version or game.position_unchanged_since(version))
            and seat.index in game.clock_seats()
            and not seat.away
        )
    if kind == Notification.Kind.GAME_OVER:
        return game.status == Game.Status.FINISHED
    if kind == Notification.Kind.TIMED_OUT:
        # Still so: a bot plays the seat, or the player is out of a game that goes on
        # (a game the timeout ended has its result mail instead).
        return game.status == Game.Status.ACTIVE and (seat.away or seat.index in game_state.out_seats(game))
    raise ValueError(f"unknown notification kind {kind!r}")


def queue_password_reset(user) -> None:
    """The password-reset link, queued (`queue_mail`), never sent in the request: the
    reset page must answer as fast whether or not an account has the address, and a mail
    server's round trip would tell. Each request is the account's next number (two at
    once make one mail)."""
    kind = Notification.Kind.PASSWORD_RESET
    queue_mail(kind, user, None, next_account_mail(user, kind))


def send_address_confirmation(user) -> bool:
    """The link to confirm the account's address, as a mail row tried at once (a mail
    server that refuses leaves it to the sweeper's tries, so the page's "on its way"
    holds); dropped if the address changed or got confirmed meanwhile."""
    kind = Notification.Kind.CONFIRM_ADDRESS
    return send_notification(kind, user.pk, None, next_account_mail(user, kind))


# Mail that accounts ask for, without importing this layer (accounts/signals.py).


@receiver(address_to_confirm)
def _mail_confirmation_link(sender, user, **kwargs) -> None:
    send_address_confirmation(user)


@receiver(password_reset_asked)
def _mail_password_reset_link(sender, user, **kwargs) -> None:
    queue_password_reset(user)
