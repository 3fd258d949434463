"""A copy of what the site keeps about a player, for them to download (the profile's
"Download your data"): the account and its settings, the games they sat at, what they
said at the tables, the replies they sent by mail, their chips' entries, ratings,
absences and API tokens. The moves of
each game are in its replay and log, which the copy links to; the other players' hands
and the deck order are not the player's to have, and a game in play is listed without its
cards."""

from api.models import ApiToken
from capitalla_site.links import absolute
from games.models import ChatMessage, InboundMail, Seat
from ledger.models import Entry
from ratings.models import Rating, RatingChange

from .models import Absence

EXPORT_VERSION = 1


def personal_data(user) -> dict:
    return {
        "version": EXPORT_VERSION,
        "account": _account(user),
        "games": _games(user),
        "table_talk": list(
            ChatMessage.objects.filter(user=user).order_by("id").values("game_id", "created_at", "text")
        ),
        "mail_replies": list(
            InboundMail.objects.filter(user=user)
            .order_by("id")
            .values("game_id", "received_at", "subject", "text", "outcome", "report")
        ),
        "chips": _chips(user),
        "ratings": _ratings(user),
        "absences": list(
            Absence.objects.filter(user=user).values("first_day", "last_day", "ended_early", "created_at")
        ),
        "api_tokens": list(
            ApiToken.objects.filter(user=user)
            .order_by("id")
            .values("name", "prefix", "scopes", "created_at", "last_used_at")
        ),
    }


def _account(user) -> dict:
    return {
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "email_confirmed": user.email_confirmed,
        "game_mail": user.email_notifications,
        "time_zone": user.time_zone,
        "quiet_hours": [user.quiet_from, user.quiet_until] if user.quiet_from and user.quiet_until else None,
        "digest_hour": user.digest_hour,
        "joined": user.date_joined,
        "last_login": user.last_login,
    }


def _games(user) -> list[dict]:
    seats = Seat.objects.filter(user=user).select_related("game").order_by("game_id")
    return [
        {
            "id": seat.game_id,
            "game": seat.game.kind,
            "status": seat.game.status,
            "seat": seat.index,
            "name_at_the_table": seat.player_name,
            "joined": seat.joined_at,
            "started": seat.game.started_at,
            "finished": seat.game.finished_at,
            "rated": seat.game.rated,
            "ante": seat.game.ante,
            "url": absolute(seat.game.get_absolute_url()),
        }
        for seat in seats
    ]


def _chips(user) -> list[dict]:
    account = getattr(user, "chip_account", None)
    if account is None:
        return []
    entries = Entry.objects.filter(debit=account) | Entry.objects.filter(credit=account)
    return [
        {
            "at": entry.created_at,
            "amount": entry.amount if entry.credit_id == account.pk else -entry.amount,
            "reason": entry.reason,
            "game": entry.game_id,
            "round": entry.round,
        }
        for entry in entries.order_by("id")
    ]


def _ratings(user) -> dict:
    return {
        "now": list(Rating.objects.filter(user=user).values("kind", "shown", "mu", "sigma", "games")),
        "changes": list(
            RatingChange.objects.filter(user=user)
            .order_by("id")
            .values("game_id", "kind", "rank", "shown_before", "shown_after", "created_at")
        ),
    }
