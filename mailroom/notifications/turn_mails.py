"""The mails about a game a player sits at: "your turn" (what happened since their last
move, the table talk, the position, the commands to answer by mail), the reminder, "your
time ran out", and "game over" (with the chips and the rating it brought)."""

from datetime import datetime

from django.db.models import Sum
from django.utils import timezone

from ledger import chips
from ledger.models import Entry
from mailroom.inbound import address as reply_addresses
from mailroom.inbound.play import EVERY_GAME, moves_help
from mailroom.mail_position import position, wrap_text
from mailroom.models import Notification
from mailroom.notifications.links import game_link, magic_link
from ratings.reading import changes_of, shown
from tables.actions import bot_play, clocks
from tables.models import SYSTEM_MOVES, Event, Game, turn_time_label
from tables.move_log import history_lines

# At most this many moves are told in a "your turn" mail; the game page has the rest.
SUMMARY_LINES = 40


# The latest table talk a turn mail quotes.
CHAT_LINES = 5


def names_of(game):
    by_index = {s.index: s.name for s in game.seat_list}
    return lambda i: by_index.get(i, f"Seat {i + 1}" if i is not None else "")


def deadline_text(deadline, style: str = "%A %d %B, %H:%M %Z") -> str:
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
    name_of = names_of(game)
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
        "deadline": deadline_text(game.deadline),
        "clock": _clock_words(game),
        **by_mail(user, game, seat.index),
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


def by_mail(user, game, index: int) -> dict:
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
    return f"Reminder: {context['title']}, play by {deadline_text(game.deadline, '%a %d %b, %H:%M %Z')}", context


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
        **by_mail(user, game, seat.index),
    }
    if seat.away:
        return f"A bot plays your seat in {context['title']}", context
    return f"Your time ran out in {context['title']}", context


def _game_over(user, game, seat, version):
    result = game.result or {}
    name_of = names_of(game)
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


COMPOSERS = {
    Notification.Kind.YOUR_TURN: _your_turn,
    Notification.Kind.REMINDER: _reminder,
    Notification.Kind.GAME_OVER: _game_over,
    Notification.Kind.TIMED_OUT: _timed_out,
}
