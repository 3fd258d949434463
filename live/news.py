"""Publishing news of a change, once its transaction commits.

Every visible change of a table is a save of a Game, a Seat or a ChatMessage, so the news
follows those saves (post_save / post_delete) and no write path in `tables.actions` can forget
it. One message per save on LIVE_CHANNEL, JSON:

    {"game": 12, "v": 17, "users": [3, 5], "lobby": false}

- `game`: the table whose page should fetch its partial again; `v` its version after a
  move (None for any other change: a seat taken, the deal, a chat line, a rematch opened);
- `users`: the people seated there, whose lobby and "My games" lists show the table;
- `lobby`: the public list of open tables changed (a table opened, filled up, left it).

Publishing never holds up a move: Redis gets half a second, and a failure is dropped,
logged once an outage. The pages then poll, because the same failure closed their
streams (hub.py).
"""

import json
import logging

import redis
from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from capitalla_site.outages import Outage
from tables.models import ChatMessage, Game, Seat

log = logging.getLogger(__name__)

# Saves that change nothing a page shows: the sweeper's stamps and leases.
QUIET_FIELDS = frozenset(
    {"turn_mail_at", "remind_at", "result_mail_at", "invite_mail_at", "full_mail_at", "bot_due_at", "invite_code"}
)

_clients: dict[str, redis.Redis] = {}


def client() -> redis.Redis:
    """A client of REDIS_URL, made once per process (and per URL, which tests change)."""
    url = settings.REDIS_URL
    if url not in _clients:
        _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
    return _clients[url]


outage = Outage(
    log, "Live news not published (%s); pages poll until Redis is back.", "Live news published again after %.0f s."
)


def publish(news: dict) -> None:
    try:
        client().publish(settings.LIVE_CHANNEL, json.dumps(news, separators=(",", ":")))
    except redis.RedisError as exc:
        outage.failed(exc)
        return
    outage.worked()


def announce(game_id: int, *, version: int | None, users: list[int], lobby: bool) -> None:
    """Publish the news when the current transaction commits (at once outside one)."""
    news = {"game": game_id, "v": version, "users": users, "lobby": lobby}
    transaction.on_commit(lambda: publish(news))


def _people_at(game: Game, *, seats_changed: bool = False) -> list[int]:
    # The seats the save path already read, unless they just changed; else one query,
    # never cached on the instance (a table just created has no seats yet, and will have).
    seats = None if seats_changed else game.__dict__.get("seat_list")
    if seats is not None:
        return [s.user_id for s in seats if s.user_id]
    return list(Seat.objects.filter(game_id=game.pk, user__isnull=False).values_list("user_id", flat=True))


def _in_lobby(game: Game) -> bool:
    return not game.private and game.status == Game.Status.OPEN


@receiver(post_save, sender=Game)
def game_saved(sender, instance: Game, created, update_fields=None, **kwargs):
    if not settings.LIVE_PUSH or update_fields is not None and set(update_fields) <= QUIET_FIELDS:
        return
    # The lobby lists public open tables: news when one opens or stops being open.
    was_in_lobby = instance.loaded_status == Game.Status.OPEN and not instance.private
    lobby = _in_lobby(instance) if created else (was_in_lobby and not _in_lobby(instance))
    # The version tells a page that shows it that it has seen this change: true of a move
    # (the mover's page has it), not of a change the version does not count (the deal, a
    # rematch opened, a table closed), which every page fetches.
    moved = instance.status == instance.loaded_status and instance.version != instance.loaded_version
    if instance.loaded_status == Game.Status.OPEN and instance.status != Game.Status.OPEN:
        _tell_the_game_before(instance)  # a rematch started or closed
    instance.loaded_status, instance.loaded_version = instance.status, instance.version
    announce(instance.pk, version=instance.version if moved else None, users=_people_at(instance), lobby=lobby)


@receiver(post_save, sender=Seat)
@receiver(post_delete, sender=Seat)
def seat_changed(sender, instance: Seat, created=False, update_fields=None, **kwargs):
    if not settings.LIVE_PUSH or not (created or kwargs["signal"] is post_delete):
        return  # a seat's own settings (a hand's order, away) are its player's business
    game = instance.game
    users = _people_at(game, seats_changed=True)
    if kwargs["signal"] is post_delete and instance.user_id:
        users.append(instance.user_id)  # the one who left hears it too
    announce(game.pk, version=None, users=users, lobby=_in_lobby(game))
    if game.status == Game.Status.OPEN:
        _tell_the_game_before(game)  # a rematch filled up, or has a free seat again


def _tell_the_game_before(game: Game) -> None:
    """A rematch that fills up, starts or ends changes what the finished game before it
    offers ("Join the rematch" or "Go to the rematch"): its page fetches itself too."""
    for before in Game.objects.filter(rematch=game.pk).values_list("pk", flat=True):
        announce(before, version=None, users=[], lobby=False)


@receiver(post_save, sender=ChatMessage)
def chat_said(sender, instance: ChatMessage, created, **kwargs):
    if settings.LIVE_PUSH and created:
        announce(instance.game_id, version=None, users=[], lobby=False)
