"""Turn a game into the plain dict a template renders.

Everything a page shows comes from `rules.view(state, my_seat)` (which already hides what
this viewer may not see), the seats' public names and the event summaries. Templates never
get `game.state`, the seed of an unfinished game, or any model object with hidden data.

`present_table` builds the table every game shares, part by part: tables/table_view.py
names each part's keys, and the links, the chat and the move log have modules of their
own (table_links, table_chat, move_log). The game's own presenter adds its parts (`present`).
"""

from collections.abc import Callable

from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil

from accounts.models import User
from ledger import chips
from tables.actions.clocks import at_once_seconds
from tables.models import CLOSED, STOPPED, Game, Seat, spoken_list, turn_time_label
from tables.move_log import (
    JUST_NOW_MOST,
    history_lines,
    history_update,
    just_now,
    just_now_window,
    payout_lines,
    with_payouts,
)
from tables.plugins import get_plugin
from tables.seat_ratings import seat_ratings
from tables.table_chat import talk
from tables.table_links import links, player_url, table_urls
from tables.table_view import (
    Arrange,
    Choices,
    Clock,
    Heading,
    Joining,
    Moves,
    Rematch,
    Seating,
    SeatRow,
    Seen,
    Stakes,
    StandingClock,
    TableView,
    Timing,
    Turn,
)
from tables.tours import offered_tour


def present(game, user, **shown) -> TableView:
    """The page of `game` as `user` sees it: the generic table (`present_table`, which
    `shown` goes to: the error, the request, whether it is an htmx answer and what the page
    already shows), then the game's own parts (its plugin's `present`)."""
    table, seen = present_table(game, user, **shown)
    if seen.view is None:
        table.update({"phase": None, "hand_groups": None, "hand": None, "result": None, "controls": None})
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
) -> tuple[TableView, Seen]:
    """What every game's page shows, part by part: the title and status, the seats, the
    links, the clock, the history, the chat, the stakes, what the viewer may do about the
    table and whose turn it is; and what the game's own presenter needs to go on."""
    by_index = {s.index: s for s in game.seat_list}
    seen = viewer(game, user, by_index, request)
    is_host = bool(user.is_authenticated and game.host_id == user.pk)
    out = set(seen.view.get("out") or []) if seen.view else set()
    title, whose = heading(game, is_host), turn(seen)
    table: TableView = {
        **title,
        **seating(game, seen, by_index, is_host, out),
        **links(game, table_urls(game, via_invite), is_host, via_invite, request),
        **timing(game, seen.me, by_index, out),
        **moves(game, seen, partial, shown_version),
        **talk(game, seen, partial, shown_chat),
        "stakes": stakes(game),
        **choices(game, user, seen, is_host, out),
        **whose,
        # The browser tab says when it is my turn; an htmx answer carries the title too.
        "page_title": ("Your turn · " if whose.get("my_turn") and title["is_active"] else "") + title["title"],
        "error": error,
        "partial": partial,
        "confirm_discards": confirm_discards(user),
        # Only a whole page carries the tour: it lives outside the swapped table.
        "tour": None if partial else offered_tour(game, user, seen),
    }
    return table, seen


def confirm_discards(user) -> str:
    """When a discard asks for a second press (static/js/confirm.js reads it off the page):
    the player's choice; a signed-out viewer, who cannot discard anyway, gets the default."""
    return getattr(user, "confirm_discards", None) or User.ConfirmDiscards.TOUCH


def viewer(game, user, by_index: dict[int, Seat], request=None) -> Seen:
    """The viewer's seat, their `rules.view` (None before the deal) and the seats' names."""
    me = game.seat_of(user)
    my_index = me.index if me else None
    view = game.rules.view(game.state, my_index) if game.state is not None else None

    def name_of(index: int) -> str:
        s = by_index.get(index)
        return s.name if s else f"Seat {index + 1}"

    to_act = list(view["to_act"]) if view else []
    return Seen(view=view, me=me, my_index=my_index, to_act=to_act, name_of=name_of, request=request)


# ---------------------------------------------------------------- the title and status


def heading(game, is_host: bool) -> Heading:
    """The table's name, game and status, in the words of its waiting room too."""
    status, free = game.status, game.num_seats - len(game.seat_list)
    return {
        "id": game.pk,
        "kind": game.kind,
        "play_template": game.plugin.play_template,
        "my_turn_template": game.plugin.my_turn_template,
        "game_name": game.rules.info.name,
        "title": game.title,
        "status": status,
        "status_label": status_label(game, is_host, free),
        "waiting_title": waiting_title(is_host, free),
        "is_open": status == game.Status.OPEN,
        "is_active": status == game.Status.ACTIVE,
        "is_finished": status == game.Status.FINISHED,
        "is_abandoned": status == game.Status.ABANDONED,
        "abandoned_line": (STOPPED if game.stopped else CLOSED) if status == game.Status.ABANDONED else None,
        "version": game.version,
        "private": game.private,
        "rated": game.rated,
        "bot_level": game.bot_level,
        "seed_hash": game.seed_hash,
        "seed": game.seed_revealed,
        "rules_url": reverse("rules", args=[game.kind]),
    }


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


# ---------------------------------------------------------------- the seats


def seating(game, seen: Seen, by_index: dict[int, Seat], is_host: bool, out: set[int]) -> Seating:
    """Every seat's row, the host, and where the viewer sits."""
    seats = game.seat_list
    return {
        "seats": seat_rows(game, seen, by_index, out),
        "free_seats": game.num_seats - len(seats),
        "bots_seated": any(s.is_bot for s in seats),
        # The host usually sits at the table: take the name from the seats already loaded.
        "host_name": next((s.name for s in seats if s.user_id == game.host_id), None) or game.host.name,
        "is_host": is_host,
        "me": seen.my_index,
        "seated": seen.me is not None,
        "spectator": seen.me is None,
    }


def seat_rows(game, seen: Seen, by_index: dict[int, Seat], out: set[int]) -> list[SeatRow]:
    """A row per seat, taken or not: who sits there, their cards and rating, and whether
    they are to act, out or a winner. The game adds its tags (a dealer) and words."""
    view, active = seen.view, game.status == game.Status.ACTIVE
    hand_sizes = view.get("hand_size") or [] if view else []
    result = view.get("result") if view else None
    winners = set(result.get("winners") or []) if result else set()
    ratings = seat_ratings(game, game.seat_list)
    rows: list[SeatRow] = []
    for i in range(game.num_seats):
        s = by_index.get(i)
        rows.append(
            {
                "index": i,
                "number": i + 1,
                "name": s.name if s else None,
                "url": player_url(s.user_id) if s and s.user_id else None,
                "empty": s is None,
                "is_bot": bool(s and s.is_bot),
                "away": bool(s and s.away and active),
                # An announced absence's last day, while it stands their clock still here.
                "absent_until": s.absent_until if s and active else None,
                "is_me": i == seen.my_index,
                "is_host": bool(s and s.user_id and s.user_id == game.host_id),
                "hand_size": hand_sizes[i] if i < len(hand_sizes) else None,
                # A resigned seat's hand is set aside (the result shows it): no "0 cards".
                "cards": _cards(hand_sizes[i]) if i < len(hand_sizes) and i not in out else "",
                "to_act": i in seen.to_act,
                "out": i in out,
                "winner": i in winners,
                "tags": [],  # what the game tells about the seat (a dealer, a contract down): {"text", "modifier"}
                "rating": ratings.get(s.user_id) if s else None,  # {"label", "change", ...}: ratings.reading.shown
            }
        )
    return rows


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


# ---------------------------------------------------------------- the clock


def timing(game, me: Seat | None, by_index: dict[int, Seat], out: set[int]) -> Timing:
    """Whose clock runs and until when, and what this viewer may do about it. In a step
    where the seats act at once, the one clock of everyone still to act ("at_once")."""
    active = game.status == game.Status.ACTIVE
    on_clock = [i for i in game.clock_seats() if i in by_index] if active else []
    running = bool(on_clock)
    clock: Clock | None = None
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
    seated_in = me is not None and me.index not in out
    return {
        "standing_clock": _standing_clock(game, me, by_index) if active else None,
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


def _standing_clock(game, me: Seat | None, by_index: dict[int, Seat]) -> StandingClock | None:
    """The clock of an absent player, standing still while their announced absence lasts."""
    if game.clock_left is None or game.clock_seat not in by_index:
        return None
    absent, now = by_index[game.clock_seat], timezone.now()
    return {
        "name": absent.name,
        "is_me": me is not None and me.index == absent.index,
        # In the running clock's words (its `timeuntil`), as it will run again.
        "left": timeuntil(now + game.clock_left, now),
        "until": absent.absent_until,
    }


# ---------------------------------------------------------------- the history


def moves(game, seen: Seen, partial: bool, shown_version: int | None) -> Moves:
    """The latest moves (or those after the version the page shows) with the payouts, and
    the "Just now" panel's, read again when the list has only the moves the page lacks."""
    events, swap = history_update(game, partial, shown_version)
    payouts = payout_lines(game, seen.name_of)
    latest = game.latest_moves(JUST_NOW_MOST) if swap == "prepend" else events
    window, shown = just_now_window(latest, seen), shown_version if partial else None
    return {
        "history": with_payouts(history_lines(events, seen.name_of), payouts, newest_first=True),
        "history_swap": swap,
        # A dealt table always has the panel (its first move then changes no layout); an
        # open one has none.
        "just_now": None if game.state is None else just_now(window, payouts, seen.name_of, shown),
        "recent_moves": window[::-1],
    }


# ---------------------------------------------------------------- the stakes


def stakes(game) -> Stakes | None:
    """The ante and what the pot holds now, for a table played for chips."""
    pot = chips.pot_of(game)
    if pot is None:
        return None
    return {"ante": game.ante, "pot": pot.balance()}


# ---------------------------------------------------------------- the viewer's choices


def choices(game, user, seen: Seen, is_host: bool, out: set[int]) -> Choices:
    """What the viewer may do about the table (not a move): join, leave, start or close
    it, resign, play again."""
    status, me = game.status, seen.me
    free = game.num_seats - len(game.seat_list)
    return {
        **joining(game, user, me, free),
        "login_to_join": status == game.Status.OPEN and not user.is_authenticated and free > 0,
        "can_leave": status == game.Status.OPEN and me is not None,
        "can_start": status == game.Status.OPEN and is_host,
        "can_cancel": status == game.Status.OPEN and is_host,  # closing; nothing once dealt
        "can_resign": status == game.Status.ACTIVE and me is not None and seen.my_index not in out,
        "rematch": _rematch(game, user) if status == game.Status.FINISHED and me is not None else None,
    }


def joining(game: Game, user, me: Seat | None, free: int) -> Joining:
    """Whether the user may take a seat ("can_join"), or could once their mail address is
    confirmed ("confirm_to_join": a rated table's rule, table_checks.check_rated_player)."""
    open_seat = game.status == Game.Status.OPEN and user.is_authenticated and me is None and free > 0
    unconfirmed = open_seat and game.rated and not user.email_confirmed
    return {"can_join": open_seat and not unconfirmed, "confirm_to_join": unconfirmed}


def _rematch(game, user) -> Rematch:
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


# ---------------------------------------------------------------- whose turn


def turn(seen: Seen) -> Turn:
    """Whose turn it is and whether it is mine, once the cards are dealt. While a bot
    plays my seat (I was away), the controls are its, not mine."""
    view, me, mine = seen.view, seen.me, seen.my_index is not None and seen.my_index in seen.to_act
    if view is None:
        return {}
    return {
        "phase": view.get("phase"),
        "turn": view.get("turn"),
        "my_turn": mine and not me.away,
        "bot_plays_my_turn": mine and me.away,
        "to_act_names": [seen.name_of(i) for i in seen.to_act],
        "waiting_for": sentence("Waiting for " + ", ".join(seen.name_of(i) for i in seen.to_act)),
    }


# ---------------------------------------------------------------- for the games' presenters


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


def arranged(table: TableView, seen: Seen, sort: Callable[[list[str], str], list[str]]) -> list[str] | None:
    """My hand (None if I hold none) as I arranged it: sorted the way I last chose,
    `sort(cards, by)` with `by` one of the game's `hand_sorts`, then the cards I dragged
    first, in my order, and the others (drawn since) after them. Puts what the shared hand
    controls (tables/_hand_arrange.html) show in `table["arrange"]`."""
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
        arrange: Arrange = {
            "url": table["urls"]["arrange_hand"],
            "dragged": dragged,
            "sorts": [{"value": s, "label": f"by {s}", "chosen": not dragged and s == by} for s in sorts],
        }
        table["arrange"] = arrange
    return cards
