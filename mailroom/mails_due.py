"""The mails the tables make due: turn mails, reminders, results, rematch invitations and
full-table mails due on the game row and sent by the sweeper once their time has passed,
each player's daily digest, and the mail of a turn that timed out, queued at once."""

from django.contrib.auth import get_user_model
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Absence
from mailroom.models import Notification
from mailroom.queue import publish_notification, queue_mail
from tables.models import ON_A_CLOCK, Game, Seat, is_on_the_clock
from tables.signals import seat_timed_out

# The mails the sweeper sends once their time on the game row has passed: the column,
# the mail, and the status the game must still have.
DUE_MAILS = (
    ("turn_mail_at", Notification.Kind.YOUR_TURN, Game.Status.ACTIVE),
    ("remind_at", Notification.Kind.REMINDER, Game.Status.ACTIVE),
    ("result_mail_at", Notification.Kind.GAME_OVER, Game.Status.FINISHED),
    ("invite_mail_at", Notification.Kind.REMATCH, Game.Status.OPEN),
    ("full_mail_at", Notification.Kind.TABLE_FULL, Game.Status.OPEN),
)


def send_due_mails(now=None, limit: int = 500) -> int:
    """Claim games whose "your turn" mail, reminder, result mail, rematch invitation or
    full-table mail is due (a conditional UPDATE sets its time to NULL) and enqueue it for those who want turn
    mail (`_mail_recipients`). A claim whose mails could not all be enqueued is put back
    for the next pass (a mail sent twice is sent once: see notifications). Returns how
    many mails were enqueued."""
    now = now or timezone.now()
    sent = 0
    for field, kind, status in DUE_MAILS:
        due = list(
            Game.objects.filter(status=status, **{f"{field}__lte": now}).values_list(
                "pk", "version", field, "clock_seat", "to_act"
            )[:limit]
        )
        for game_id, version, due_at, clock_seat, to_act in due:
            if not Game.objects.filter(pk=game_id, version=version, **{field: due_at}).update(**{field: None}):
                continue
            # A turn mail with no clock seat is due in a step where the seats act at once:
            # it goes to everyone still to act (bots have no mail, `notifications` skips
            # a seat a bot plays).
            waiting = [clock_seat] if clock_seat is not None else to_act
            published = [
                publish_notification(kind, user.pk, game_id, version)
                for user in _mail_recipients(kind, game_id, waiting)
                if user.wants_turn_mail
            ]
            sent += sum(published)
            if not all(published):
                Game.objects.filter(pk=game_id, version=version, **{f"{field}__isnull": True}).update(**{field: due_at})
    return sent


def send_due_digests(now=None, limit: int = 500) -> int:
    """Claim the users whose daily digest is due (a conditional UPDATE moves
    `digest_due_at` to the next digest time) and enqueue the digest for those with games
    waiting for their move or a rematch table waiting for them. A claim the broker refused
    is put back for the next pass; a digest enqueued twice is sent once (one Notification
    per user and day). Returns how many digests were enqueued."""
    now = now or timezone.now()
    users = get_user_model().objects
    due = list(users.filter(digest_due_at__lte=now).only("pk", "digest_due_at", "time_zone", "digest_hour")[:limit])
    ids = [user.pk for user in due]
    away = set(Absence.objects.under_way().filter(user__in=ids).values_list("user_id", flat=True))
    waiting = {
        user_id
        for user_id, index, clock_seat, to_act in Seat.objects.filter(ON_A_CLOCK, user_id__in=ids).values_list(
            "user_id", "index", "game__clock_seat", "game__to_act"
        )
        if is_on_the_clock(index, clock_seat, to_act) and user_id not in away
    }
    others = [user for user in due if user.pk not in waiting and user.pk not in away]
    tables = list(Game.objects.rematches_of_games_played_by([user.pk for user in others]))
    waiting |= {user.pk for user in others if any(table.rematch_waits_for(user) for table in tables)}
    sent = 0
    for user in due:
        due_at, following = user.digest_due_at, user.next_digest_at(now)
        if not users.filter(pk=user.pk, digest_due_at=due_at).update(digest_due_at=following):
            continue
        if user.pk not in waiting:
            continue
        # The player's own day: one digest per local date, whatever the zone's offset.
        if publish_notification(Notification.Kind.DIGEST, user.pk, None, user.today(due_at).toordinal()):
            sent += 1
        else:
            users.filter(pk=user.pk, digest_due_at=following).update(digest_due_at=due_at)
    return sent


def _mail_recipients(kind: str, game_id: int, clock_seats: list[int]) -> list:
    """Who a due mail goes to: the players whose clock runs (turn mail, reminder), every
    player (result), the old game's players not yet at its rematch (invitation), or the
    host (table full)."""
    if kind == Notification.Kind.TABLE_FULL:
        return [game.host for game in Game.objects.filter(pk=game_id).select_related("host")]
    if kind == Notification.Kind.REMATCH:
        seats = Seat.objects.filter(game__rematch=game_id, user__isnull=False).exclude(
            user__in=Seat.objects.filter(game_id=game_id, user__isnull=False).values("user")
        )
    else:
        seats = Seat.objects.filter(game_id=game_id, user__isnull=False)
        if kind != Notification.Kind.GAME_OVER:
            seats = seats.filter(index__in=clock_seats)
    return [seat.user for seat in seats.select_related("user")]


@receiver(seat_timed_out)
def tell_timed_out(sender, game: Game, seat: Seat, **kwargs) -> None:
    """A bot keeps the seat, or the player is out of a game that goes on."""
    queue_mail(Notification.Kind.TIMED_OUT, seat.user, game, game.version)
