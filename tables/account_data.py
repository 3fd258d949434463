"""What the tables keep of a player, for their account (accounts/signals.py asks, since
accounts do not import the core): the tables that closing it would leave, leaving them
when it closes, and the games and table talk in their data download. Connected in
TablesConfig.ready."""

from django.db.models import Q
from django.dispatch import receiver

from accounts.closing import ClosingRefused
from accounts.signals import account_closing, closing_foreseen, personal_data_asked
from capitalla_site.links import absolute
from ratings.models import Rating
from tables.actions import errors, lifecycle
from tables.models import ChatMessage, Game, Seat, spoken_list
from tables.plugins import PLUGINS


@receiver(closing_foreseen)
def tables_to_leave(sender, user, **kwargs) -> dict:
    """The games closing resigns, the open tables it leaves or closes, the games whose
    ratings leave the leaderboards."""
    open_or_playing = Game.objects.filter(status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
    tables = open_or_playing.filter(Q(host=user) | Q(seats__user=user)).distinct().order_by("pk")
    rated = Rating.objects.filter(user=user).values_list("kind", flat=True)
    return {
        "games_in_play": [_table(game) for game in tables if game.status == Game.Status.ACTIVE],
        "open_tables": [_table(game) for game in tables if game.status == Game.Status.OPEN],
        "rated_games": spoken_list(sorted(PLUGINS[kind].name for kind in rated if kind in PLUGINS)),
    }


def _table(game: Game) -> dict:
    return {"name": game.title, "url": game.get_absolute_url()}


@receiver(account_closing)
def leave_the_tables(sender, user, **kwargs) -> None:
    """Leave every table (lifecycle.leave_every_table) and delete the table talk; a table
    that refuses refuses the closing."""
    try:
        lifecycle.leave_every_table(user)
    except errors.ServiceError as refused:
        raise ClosingRefused(refused.message, refused.status) from refused
    ChatMessage.objects.filter(user=user).delete()


@receiver(personal_data_asked)
def games_and_talk(sender, user, **kwargs) -> dict:
    return {
        "games": _games(user),
        "table_talk": list(
            ChatMessage.objects.filter(user=user).order_by("id").values("game_id", "created_at", "text")
        ),
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
