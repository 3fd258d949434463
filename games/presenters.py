"""Turn a game into the plain dict a template renders.

Everything a page shows comes from `rules.view(state, my_seat)` (which already hides what
this viewer may not see), the seats' public names and the event summaries. Templates never
get `game.state`, the seed of an unfinished game, or any model object with hidden data.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.timesince import timeuntil

from capitalla_site.links import absolute
from games.actions.clocks import at_once_seconds
from games.live.streams import offered
from games.models import CLOSED, STOPPED, ChatMessage, Game, Seat, spoken_list, turn_time_label
from games.plugins import get_plugin
from ledger import chips
from ledger.models import Entry
from ratings.reading import seat_ratings

# The table's links: template name -> URL name, each taking the game's id. The game's own
# URLs (its plugin's, in the namespace of its slug) come as "<slug>_<name>".
GAME_URLS = {
    "page": "game",
    "move": "move",
    "resign": "resign",
    "join": "join",
    "leave": "leave",
    "start": "start",
    "cancel": "cancel",
    "extra_time": "extra_time",
    "back": "come_back",
    "history": "history",
    "rematch": "rematch",
    "replay": "replay",
    "chat": "chat",
    "new_invite": "new_invite_link",
    "arrange_hand": "arrange_hand",
}


@lru_cache(maxsize=4096)
def _game_urls(game_id: int, kind: str, script_prefix: str) -> dict:
    """A game's links never change: reversed once per game (and script prefix), since
    every move's answer holds them."""
    urls = {key: reverse(name, args=[game_id]) for key, name in GAME_URLS.items()}
    for pattern in get_plugin(kind).urls:
        urls[f"{kind}_{pattern.name}"] = reverse(f"{kind}:{pattern.name}", args=[game_id])
    return urls


@lru_cache(maxsize=4096)
def _player_url(user_id: int, script_prefix: str) -> str:
    """Reversed once per player (and script prefix), like a game's links."""
    return reverse("player", args=[user_id])


def _urls(game, via_invite: bool) -> dict:
    urls = dict(_game_urls(game.pk, game.kind, get_script_prefix()), invite=None)
    if via_invite:
        urls["invite"] = urls["join"] = reverse("invite", args=[game.invite_code])
    return urls


def _rematch(game, user) -> dict:
    """What a player of a finished game may do about playing again: open the rematch, join
    it, or go to it (once it is full or under way, or they sit there already); nothing, if
    its host freed their seat there."""
    following = game.rematch
    if following is None:
        alone = sum(1 for s in game.seat_list if s.user_id is not None) == 1
        hint = (
            "The same game against the same bots, dealt at once."
            if alone
            else "The same game, seats, clock and ante: the other players find it on this page."
        )
        return {"label": "Play again", "url": None, "hint": hint}
    title = following.title
    if following.seat_of(user) is None and user.pk in following.turned_away:
        return {"label": None, "url": None, "hint": f"The host of the rematch ({title}) freed your seat there."}
    if following.status == following.Status.OPEN and following.seat_of(user) is None and following.free_indexes():
        host = following.host.name
        return {"label": f"Join the rematch ({title})", "url": None, "hint": f"{host} opened it."}
    return {"label": f"Go to the rematch ({title})", "url": following.get_absolute_url(), "hint": ""}


def joining(game: Game, user, me: Seat | None, free: int) -> dict:
    """Whether the user may take a seat ("can_join"), or could once their mail address is
    confirmed ("confirm_to_join": a rated table's rule, table_checks.check_rated_player)."""
    open_seat = game.status == Game.Status.OPEN and user.is_authenticated and me is None and free > 0
    unconfirmed = open_seat and game.rated and not user.email_confirmed
    return {"can_join": open_seat and not unconfirmed, "confirm_to_join": unconfirmed}


def status_label(game, is_host: bool, free_seats: int) -> str:
    """A table's status in a few words. An open table waits for players while a seat is
    free; once every seat is taken it waits for its host's Start (lifecycle.start_table
    never starts one by itself), and says so: to its host, that they may start it."""
    if game.status != game.Status.OPEN or free_seats > 0:
        return game.get_status_display()
    return "Ready to start" if is_host else "Waiting for the host to start"


def waiting_title(is_host: bool, free_seats: int) -> str:
    """The heading of an open table's waiting room."""
    if free_seats > 0:
        return "Waiting for players"
    return "Every seat is taken: start when you are ready" if is_host else "Waiting for the host to start"


def sentence(text: str) -> str:
    """`text` with a full stop, unless it ends in one already (a name like "Alice N.")."""
    return text if text.endswith((".", "!", "?")) else text + "."


def headline(result: dict, name_of, won: Callable[[str, list[int]], str]) -> str:
    """A result in one sentence, as the games that end by points say it: "Ana won:
    everyone else is out of the game.", else the game's own `won(who, winners)` ("Ana and Ben"),
    or, with no winner, that the game is over."""
    winners = list(result.get("winners") or [])
    if not winners:
        return "The game is over."
    who = " and ".join(name_of(i) for i in winners)
    if result.get("reason") == "last_standing":
        return f"{who} won: everyone else is out of the game."
    return won(who, winners)


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _clock(game, me, by_index, out) -> dict:
    """Whose clock runs and until when, and what this viewer may do about it. In a step
    where the seats act at once, the one clock of everyone still to act ("at_once")."""
    active = game.status == game.Status.ACTIVE
    on_clock = [i for i in game.clock_seats() if i in by_index] if active else []
    running = bool(on_clock)
    clock = None
    if running:
        at_once = game.clock_at_once
        is_me = me is not None and me.index in on_clock
        names = ["you" if at_once and is_me and i == me.index else by_index[i].name for i in on_clock]
        clock = {
            "name": spoken_list(names),
            "at_once": at_once,
            "is_me": is_me,
            "deadline": game.deadline,
            "turn_seconds": at_once_seconds(game.turn_seconds) if at_once else game.turn_seconds,
        }
    standing = None
    if active and game.clock_left is not None and game.clock_seat in by_index:
        absent, now = by_index[game.clock_seat], timezone.now()
        standing = {
            "name": absent.name,
            "is_me": me is not None and me.index == absent.index,
            # In the running clock's words (its `timeuntil`), as it will run again.
            "left": timeuntil(now + game.clock_left, now),
            "until": absent.absent_until,
        }
    seated_in = me is not None and me.index not in out
    return {
        "standing_clock": standing,
        "turn_time": turn_time_label(game.turn_seconds),
        "timeout_policy": game.timeout_policy,
        "timeout_policy_label": game.get_timeout_policy_display(),
        "allow_extra_time": game.allow_extra_time,
        "absences_stop_clock": game.absences_stop_clock,
        "clock": clock,
        "away": bool(active and me is not None and me.away),
        "can_come_back": bool(active and me is not None and me.away),
        "can_extra_time": bool(
            running and game.allow_extra_time and not game.extra_time_used and seated_in and not clock["is_me"]
        ),
        "extra_time_used": bool(running and game.extra_time_used),
    }


# An engine's sentence names the mover "{player}" and any other seat "{seat:N}".
_OTHER_SEAT = re.compile(r"\{seat:(\d+)\}")


def history_lines(events, name_of) -> list[dict]:
    """Event summaries (dicts of seq, seat, summary, created_at) in words, in the order
    given, with each seat's current name."""
    return [{"seq": e["seq"], "at": e["created_at"], "chips": False, "text": in_words(e, name_of)} for e in events]


def in_words(event: dict, name_of) -> str:
    text = _OTHER_SEAT.sub(lambda match: name_of(int(match.group(1))), event["summary"])
    return text.replace("{player}", name_of(event["seat"])) if event["seat"] is not None else text


def history_update(game, partial: bool, shown_version: int | None) -> tuple[list[dict], str | None]:
    """The moves to list (history rows, newest first), and how an htmx answer updates the
    page's list: "prepend" the moves after the version the page shows, when the page has
    lines and misses at most RECENT_MOVES (the answer to a move holds its own line, read
    from no table), else "replace" the list with the latest. A whole page (not `partial`)
    lists the latest."""
    if partial and shown_version is not None and shown_version >= 1:
        moves = game.moves_after(shown_version)
        if moves is not None:
            return moves, "prepend"
    return game.latest_moves(), "replace" if partial else None


# How many of the latest chat lines a table shows.
CHAT_SHOWN = 50


def present_chat(game, me, name_of, error: str | None = None, draft: str = "") -> dict:
    """The table talk: the latest lines, newest first (like the moves: no script needed to
    keep the news in sight), and whether I may add one (a refused line's text kept)."""
    lines = []
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
        "url": _game_urls(game.pk, game.kind, get_script_prefix())["chat"],
        "can_say": me is not None and game.status != game.Status.ABANDONED,
        "max_length": ChatMessage.MAX_LENGTH,
        "error": error,
        "draft": draft,
    }


def stakes(game) -> dict | None:
    """The ante and what the pot holds now, for a table played for chips."""
    pot = chips.pot_of(game)
    if pot is None:
        return None
    return {"ante": game.ante, "pot": pot.balance()}


def payout_lines(game, name_of) -> list[dict]:
    """Every chip paid out of the game's pot, in words, oldest first."""
    pot = chips.pot_of(game)
    if pot is None:
        return []
    return [
        {
            "at": e.created_at,
            "chips": True,
            "text": f"{name_of(e.seat)} received {e.amount} chips: {e.get_reason_display().lower()}"
            + (f" for round {e.round}" if e.round else "")
            + ".",
        }
        for e in pot.outgoing.exclude(reason=Entry.Reason.ANTE).order_by("id")
    ]


def with_payouts(lines: list[dict], payouts: list[dict], newest_first: bool) -> list[dict]:
    """The move lines with each payment after the move that caused it (sharing its number),
    newest or oldest first. Payments older than the first line shown are left out."""
    chrono = sorted(lines, key=lambda line: line["seq"])
    if not chrono or not payouts:
        return lines
    pending = [p for p in payouts if p["at"] >= chrono[0]["at"]]
    merged = []
    for k, line in enumerate(chrono):
        merged.append(line)
        until = chrono[k + 1]["at"] if k + 1 < len(chrono) else None
        while pending and (until is None or pending[0]["at"] < until):
            merged.append({**pending.pop(0), "seq": line["seq"]})
    return merged[::-1] if newest_first else merged


@dataclass
class Seen:
    """What `present_table` worked out about the viewer, for the game's own presenter."""

    view: dict | None  # rules.view(state, my_index)
    me: Any  # my Seat, or None
    my_index: int | None
    to_act: list[int]
    name_of: Callable[[int], str]
    request: Any = None


def arranged(table: dict, seen: Seen, sort: Callable[[list[str], str], list[str]]) -> list[str] | None:
    """My hand (None if I hold none) as I arranged it: sorted the way I last chose,
    `sort(cards, by)` with `by` one of the game's `hand_sorts`, then the cards I dragged
    first, in my order, and the others (drawn since) after them. Puts what the shared hand
    controls (games/_hand_arrange.html) show in `table["arrange"]`."""
    table["arrange"] = None
    hand = seen.view.get("hand") if seen.me is not None else None
    if hand is None:
        return None
    sorts = get_plugin(table["kind"]).hand_sorts
    by = seen.me.hand_sort if seen.me.hand_sort in sorts else (sorts[0] if sorts else "")
    place = {card: k for k, card in enumerate(seen.me.hand_order)}
    cards = sorted(sort(list(hand), by), key=lambda card: place.get(card, len(place)))
    dragged = any(card in place for card in hand)
    if table["is_active"]:
        table["arrange"] = {
            "url": table["urls"]["arrange_hand"],
            "dragged": dragged,
            "sorts": [{"value": s, "label": f"by {s}", "chosen": not dragged and s == by} for s in sorts],
        }
    return cards


def present(game, user, **shown) -> dict:
    """The page of `game` as `user` sees it: the generic table (`present_table`, which
    `shown` goes to: the error, the request, whether it is an htmx answer and what the page
    already shows), then the game's own parts (its plugin's `present`)."""
    table, seen = present_table(game, user, **shown)
    if seen.view is None:
        table.update(phase=None, hand_groups=None, hand=None, result=None, controls=None)
        return table
    return game.plugin.present(game, table, seen)


def present_table(
    game,
    user,
    *,
    error: str | None = None,
    via_invite: bool = False,
    request=None,
    partial: bool = False,
    shown_version: int | None = None,
    shown_chat: int | None = None,
) -> tuple[dict, Seen]:
    """What every game's page shows: title, status, seats, clock, stakes, seed, history,
    urls, whose turn; and what the game's own presenter needs to go on."""
    seats = game.seat_list
    by_index = {s.index: s for s in seats}
    me = game.seat_of(user)
    my_index = me.index if me else None
    is_host = bool(user.is_authenticated and game.host_id == user.pk)
    urls = _urls(game, via_invite)
    status = game.status
    view = game.rules.view(game.state, my_index) if game.state is not None else None

    poll_url = None
    base = urls["invite"] if via_invite else urls["page"]
    # A waiting table changes without a new version (players join), so it asks whether
    # the number of seated players moved; a game in play, whether its version moved; a
    # finished one, whether its rematch opened, filled up or started. Each, whether the
    # table talk went on.
    if status == game.Status.OPEN:
        poll_url = f"{base}?waiting={len(seats)}&said={game.chat_count}"
    elif status == game.Status.ACTIVE:
        poll_url = f"{base}?since={game.version}&said={game.chat_count}"
    elif status == game.Status.FINISHED:
        poll_url = f"{base}?since={game.version}&said={game.chat_count}&again={game.rematch_mark}"

    # The table's stream of news (games/live/), while it can still change; without one
    # (no Redis, or a WSGI server), the page polls poll_url.
    live_url = None
    if poll_url and offered(request):
        live_url = reverse("invite_live", args=[game.invite_code]) if via_invite else reverse("live", args=[game.pk])

    invite_url = watch_url = None
    if is_host and (status == game.Status.OPEN or game.private):
        # Every table its host may share shows its link: a private table's invite link, a
        # public table's own page (anyone may join there). From SITE_URL, like every link
        # we hand out: the request's own scheme and host read http:// behind a TLS proxy.
        # Once dealt, a private table's link only lets its holders watch.
        link = absolute(reverse("invite", args=[game.invite_code]) if game.private else urls["page"])
        invite_url, watch_url = (link, None) if status == game.Status.OPEN else (None, link)

    to_act = list(view["to_act"]) if view else []
    out = set(view.get("out") or []) if view else set()
    hand_sizes = view.get("hand_size") or [] if view else []
    result = view.get("result") if view else None
    winners = set(result.get("winners") or []) if result else set()
    ratings = seat_ratings(game, seats)

    seat_rows = []
    for i in range(game.num_seats):
        s = by_index.get(i)
        seat_rows.append(
            {
                "index": i,
                "number": i + 1,
                "name": s.name if s else None,
                "url": _player_url(s.user_id, get_script_prefix()) if s and s.user_id else None,
                "empty": s is None,
                "is_bot": bool(s and s.is_bot),
                "away": bool(s and s.away and status == game.Status.ACTIVE),
                # An announced absence's last day, while it stands their clock still here.
                "absent_until": s.absent_until if s and status == game.Status.ACTIVE else None,
                "is_me": i == my_index,
                "is_host": bool(s and s.user_id and s.user_id == game.host_id),
                "hand_size": hand_sizes[i] if i < len(hand_sizes) else None,
                # A resigned seat's hand is set aside (the result shows it): no "0 cards".
                "cards": _cards(hand_sizes[i]) if i < len(hand_sizes) and i not in out else "",
                "to_act": i in to_act,
                "out": i in out,
                "winner": i in winners,
                "tags": [],  # what the game tells about the seat (a dealer, a contract down): {"text", "modifier"}
                "rating": ratings.get(s.user_id) if s else None,  # {"label", "change", ...}: ratings.reading.shown
            }
        )

    def name_of(index):
        s = by_index.get(index)
        return s.name if s else f"Seat {index + 1}"

    moves, history_swap = history_update(game, partial, shown_version)
    history = with_payouts(history_lines(moves, name_of), payout_lines(game, name_of), newest_first=True)

    table = {
        "id": game.pk,
        "kind": game.kind,
        "play_template": game.plugin.play_template,
        "my_turn_template": game.plugin.my_turn_template,
        "game_name": game.rules.info.name,
        "title": game.title,
        "status": status,
        "status_label": status_label(game, is_host, game.num_seats - len(seats)),
        "waiting_title": waiting_title(is_host, game.num_seats - len(seats)),
        "is_open": status == game.Status.OPEN,
        "is_active": status == game.Status.ACTIVE,
        "is_finished": status == game.Status.FINISHED,
        "is_abandoned": status == game.Status.ABANDONED,
        "abandoned_line": (STOPPED if game.stopped else CLOSED) if status == game.Status.ABANDONED else None,
        # The replay and the whole log answer a table's players and those who see it
        # without a link: to a link's holder, they are pages that do not exist.
        "has_replay": game.has_replay and not via_invite,
        "version": game.version,
        "private": game.private,
        "rated": game.rated,
        "bot_level": game.bot_level,
        "bots_seated": any(s.is_bot for s in seats),
        # The host usually sits at the table: take the name from the seats already loaded.
        "host_name": next((s.name for s in seats if s.user_id == game.host_id), None) or game.host.name,
        "is_host": is_host,
        "invite_url": invite_url,
        "watch_url": watch_url,
        "seed_hash": game.seed_hash,
        "seed": game.seed_revealed,
        "me": my_index,
        "seated": me is not None,
        "spectator": me is None,
        "seats": seat_rows,
        "free_seats": game.num_seats - len(seats),
        "urls": urls,
        "poll_url": poll_url,
        # Without a stream: every 2 s while the table is in play, 10 s once it is over.
        "poll_every": 10_000 if status == game.Status.FINISHED else 2_000,
        "live_url": live_url,
        "error": error,
        "history": history,
        "history_swap": history_swap,
        "history_url": None if via_invite else urls["history"],
        # A whole page shows the chat; an htmx answer carries its list only when it changed.
        "chat": present_chat(game, me, name_of)
        if not partial or (shown_chat is not None and shown_chat != game.chat_count)
        else None,
        "chat_swap": partial and shown_chat is not None and shown_chat != game.chat_count,
        "rules_url": reverse("rules", args=[game.kind]),
        "stakes": stakes(game),
    }
    table.update(joining(game, user, me, table["free_seats"]))
    table["can_leave"] = status == game.Status.OPEN and me is not None
    table["can_start"] = status == game.Status.OPEN and is_host
    table["can_cancel"] = status == game.Status.OPEN and is_host  # closing; nothing once dealt
    table["can_resign"] = status == game.Status.ACTIVE and me is not None and my_index not in out
    table.update(_clock(game, me, by_index, out))
    table["login_to_join"] = status == game.Status.OPEN and not user.is_authenticated and table["free_seats"] > 0
    table["rematch"] = _rematch(game, user) if status == game.Status.FINISHED and me is not None else None

    if view is not None:
        # While a bot plays my seat (I was away), the controls are its, not mine.
        table.update(
            {
                "phase": view.get("phase"),
                "turn": view.get("turn"),
                "my_turn": my_index is not None and my_index in to_act and not me.away,
                "bot_plays_my_turn": my_index is not None and my_index in to_act and me.away,
                "to_act_names": [name_of(i) for i in to_act],
                "waiting_for": sentence("Waiting for " + ", ".join(name_of(i) for i in to_act)),
            }
        )
    # The browser tab says when it is my turn; an htmx answer carries the title too.
    my_turn_now = table.get("my_turn") and status == game.Status.ACTIVE
    table["page_title"] = ("Your turn · " if my_turn_now else "") + table["title"]
    table["partial"] = partial
    return table, Seen(view=view, me=me, my_index=my_index, to_act=to_act, name_of=name_of, request=request)
