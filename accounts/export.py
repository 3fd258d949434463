"""A copy of what the site keeps about a player, for them to download (the profile's
"Download your data"): the account and its settings, the games they sat at, what they
said at the tables, the replies they sent by mail, their chips' entries, ratings,
absences and API tokens. The moves of
each game are in its replay and log, which the copy links to; the other players' hands
and the deck order are not the player's to have, and a game in play is listed without its
cards.

The sections kept above accounts come from the apps that keep them (accounts/signals.py,
`personal_data_asked`): the games and the table talk (tables/account_data.py), the mail
replies (mailroom/account_data.py), the API tokens (api/account_data.py)."""

from ledger.models import Entry
from ratings.models import Rating, RatingChange

from .models import Absence
from .signals import answers, personal_data_asked

EXPORT_VERSION = 1
# The copy's sections in the order it has always listed them, wherever each comes from; a
# section missing here fails the download (ValueError) rather than landing anywhere.
SECTIONS = ("version", "account", "games", "table_talk", "mail_replies", "chips", "ratings", "absences", "api_tokens")


def personal_data(user) -> dict:
    sections = {
        "version": EXPORT_VERSION,
        "account": _account(user),
        "chips": _chips(user),
        "ratings": _ratings(user),
        "absences": list(
            Absence.objects.filter(user=user).values("first_day", "last_day", "ended_early", "created_at")
        ),
        **answers(personal_data_asked, user),
    }
    return dict(sorted(sections.items(), key=lambda section: SECTIONS.index(section[0])))


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
        "confirm_discards": user.confirm_discards,
        "tours_done": user.tours_done,
        "joined": user.date_joined,
        "last_login": user.last_login,
    }


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
