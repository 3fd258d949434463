"""The table talk as a table's page shows it: the latest lines, newest first, and whether
the viewer may add one. The `Talk` part of `presenters.present_table`; the chat's own
answers (tables/views.py) and the API show the same lines."""

from tables.models import ChatMessage
from tables.table_links import game_url
from tables.table_view import Chat, ChatLine, Seen, Talk

# How many of the latest chat lines a table shows.
CHAT_SHOWN = 50


def talk(game, seen: Seen, partial: bool, shown_chat: int | None) -> Talk:
    """A whole page shows the chat; an htmx answer carries its list only when it changed."""
    changed = shown_chat is not None and shown_chat != game.chat_count
    return {
        "chat": present_chat(game, seen.me, seen.name_of) if not partial or changed else None,
        "chat_swap": partial and changed,
    }


def present_chat(game, me, name_of, error: str | None = None, draft: str = "") -> Chat:
    """The table talk: the latest lines, newest first (like the moves: no script needed to
    keep the news in sight), and whether I may add one (a refused line's text kept)."""
    lines: list[ChatLine] = []
    if game.chat_count:
        latest = list(game.chat.order_by("-id").values("seat", "user_id", "text", "created_at")[:CHAT_SHOWN])
        lines = [
            {
                "seat": m["seat"],
                "name": name_of(m["seat"]),
                "text": m["text"],
                "at": m["created_at"],
                "is_me": me is not None and m["user_id"] == me.user_id,
            }
            for m in latest
        ]
    return {
        "lines": lines,
        "count": game.chat_count,
        "url": game_url(game, "chat"),
        "can_say": me is not None and game.status != game.Status.ABANDONED,
        "max_length": ChatMessage.MAX_LENGTH,
        "error": error,
        "draft": draft,
    }
