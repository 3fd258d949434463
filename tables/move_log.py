"""The move log in words, for the table page, its whole history, the mails, the admin and
the API: each engine's summary with the seats' current names, and the chips paid out of the
pot set after the move that caused them."""

import re

from ledger import chips
from ledger.models import Entry
from tables.table_view import HistoryLine, PayoutLine, RecentLine, RoundOver, Seen

# The "Just now" panel on the table: the moves since the viewer's own last one (that one
# too), at least the FEWEST latest and at most the MOST: a minute of bots moving at a full
# table, and the end of a round among them (`round_over`).
JUST_NOW_FEWEST, JUST_NOW_MOST = 5, 30

# How the rummies' engines (rules.describe) tell the move that ends a round: "... round 2 is over."
ROUND_ENDS = re.compile(r"\bround \d+ is over\.")

# An engine's sentence names the mover "{player}" and any other seat "{seat:N}".
_OTHER_SEAT = re.compile(r"\{seat:(\d+)\}")


def history_lines(events, name_of) -> list[HistoryLine]:
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


def just_now_window(latest: list[dict], seen: Seen) -> list[dict]:
    """The history rows (newest first) of the "Just now" panel: the moves since the
    viewer's own last one (that one too), at least JUST_NOW_FEWEST, at most JUST_NOW_MOST."""
    mine = next((k for k, e in enumerate(latest) if seen.me is not None and e["seat"] == seen.my_index), len(latest))
    return latest[: min(max(mine + 1, JUST_NOW_FEWEST), JUST_NOW_MOST)]


def just_now(window: list[dict], payouts: list[PayoutLine], name_of, shown_version: int | None) -> list[RecentLine]:
    """The "Just now" panel's lines, newest first, from its window of history rows, each
    payment after the move that caused it. Those after the version the page showed are
    `new` (on a whole page, `shown_version` None, none is)."""
    return [
        {**line, "new": shown_version is not None and line["seq"] > shown_version}
        for line in with_payouts(history_lines(window, name_of), payouts, newest_first=True)
    ]


def round_over(table, seen: Seen, ends: re.Pattern, noun: str, last: dict | None) -> RoundOver | None:
    """The summary `last` of the last round (or deal: `noun`) opens the table while the game goes
    on and that round ended since the viewer last moved: a line of the panel's moves, in
    the engine's words, matches `ends`, their own move included (they went out). A
    spectator sees it while that move is among the panel's."""
    if last is None or not table["is_active"]:
        return None
    number = last["number"]
    for row in reversed(table["recent_moves"]):
        if ends.search(row["summary"]):
            return {
                "key": f"{noun.lower()}-{number}",
                "title": f"{noun} {number} is over",
                "next": f"{noun} {number + 1} is dealt.",
            }
        if seen.me is not None and row["seat"] == seen.my_index:
            return None
    return None


def payout_lines(game, name_of) -> list[PayoutLine]:
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


def with_payouts(lines: list[HistoryLine], payouts: list[PayoutLine], newest_first: bool) -> list[HistoryLine]:
    """The move lines with each payment after the move that caused it (sharing its number),
    newest or oldest first. Payments older than the first line shown are left out."""
    chrono = sorted(lines, key=lambda line: line["seq"])
    if not chrono or not payouts:
        return lines
    pending = [p for p in payouts if p["at"] >= chrono[0]["at"]]
    merged: list[HistoryLine] = []
    for k, line in enumerate(chrono):
        merged.append(line)
        until = chrono[k + 1]["at"] if k + 1 < len(chrono) else None
        while pending and (until is None or pending[0]["at"] < until):
            merged.append({**pending.pop(0), "seq": line["seq"]})
    return merged[::-1] if newest_first else merged
