"""Table talk: a line from a seated player, one line of bounded length, a few at a time."""

from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tables.actions.checks import check_seated
from tables.actions.errors import Conflict, ServiceError
from tables.actions.game_state import _locked, lock_account
from tables.models import ChatMessage, Game

# Table talk: at most this many lines per player in CHAT_WINDOW seconds.
CHAT_BURST, CHAT_WINDOW = 5, 30


def check_chat_text(text) -> str:
    text = " ".join(str(text or "").split())  # one line: no layout games
    if not text:
        raise ServiceError("Write something to say.")
    # PostgreSQL cannot store NUL: the pages' forms are refused at the door
    # (capitalla_site/nul_bytes.py), but an API client's JSON arrives here unread.
    if "\x00" in text:
        raise ServiceError("A line of table talk cannot hold a NUL character (\\x00).")
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(f"Keep it to {ChatMessage.MAX_LENGTH} characters.")
    return text


def say(user, game_id: int, text) -> ChatMessage:
    """A line of table talk from a seated player, during or after the game. It changes
    nothing in the game; the table's `chat_count` tells polling pages there is news. It
    locks the game row first, as every change does (a move, a timeout, an absence lock
    the game, then write seats): a line that locked the speaker's seat first and then
    counted itself on the game deadlocked with a move that reset that seat's missed turns
    (found by a QA pass). Lines queue behind each other, so the burst limit holds when
    many arrive at once; a move in progress holds a line up for a few milliseconds."""
    text = check_chat_text(text)
    with transaction.atomic():
        lock_account(user)
        game = _locked(game_id)
        seat = check_seated(game, user)
        if game.status == Game.Status.ABANDONED:
            raise Conflict("This table is closed.")
        recent = game.chat.filter(user=user, created_at__gte=timezone.now() - timedelta(seconds=CHAT_WINDOW))
        if recent.count() >= CHAT_BURST:
            raise Conflict("Slow down a little: a few lines at a time.")
        message = ChatMessage.objects.create(game=game, user=user, seat=seat.index, text=text)
        Game.objects.filter(pk=game.pk).update(chat_count=F("chat_count") + 1)
    return message
