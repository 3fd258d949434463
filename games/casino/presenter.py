"""Casino's page as a plain dict, from `rules.view(state, my_seat)` only.

`present_casino(game, table, seen)` adds the Casino parts (the table row of loose cards
and builds, my hand, the captured piles, the plays my selection allows, the questions,
the deal summaries, the running score to 21, the result) to the generic table dict that
`presenters.present_table` built. What a selection allows comes from the engine
(`engine.selection_plays`); nothing here decides a rule. Nothing reads `game.state`
but the engine's own answers for my seat (the plays of my selection, their labels).
`CasinoTable` names the keys it adds.
"""

from typing import cast

from engine.cards import SYMBOL, face, face_of, rank_of
from engine.commands import letter
from engine.countries import breakable
from tables.country_flags import flag_image_of_emoji
from tables.move_log import round_over
from tables.presenters import arranged, headline
from tables.table_view import RoundOver, Seen, TableView

from .engine import TARGET, play_label, selection_plays, sort_hand
from .engine import value as card_value
from .forms import fields_for, selection_from
from .marks import DEAL_OVER, mark_row

HAND_SORTS = ("rank", "suit")
QUESTIONS_SHOWN = 6  # the latest questions listed; the earlier ones fold away
# The names of the deal's scoring categories (`engine.CATEGORIES`); a category the
# engine adds later shows under its own key, lowercased (never a bare card id on the page).
CATEGORIES = {
    "cards": "Most cards",
    "spades": "Most spades",
    "big_casino": "Big Casino (10♦)",
    "little_casino": "Little Casino (2♠)",
    "aces": "Aces",
    "sweeps": "Sweeps",
}

# ---------------------------------------------------------------- cards


def pcard(card_id: str, countries: dict | None = None) -> dict:
    """A card's face: rank and suit symbol, its colour, its value in Casino, and the country
    whose question it carries when the viewer may know it."""
    name = face_of(card_id)
    suit = name[-1]
    return {
        "id": card_id,
        "face": face(card_id),
        "rank": rank_of(card_id),
        "suit": SYMBOL[suit],
        "color": "red" if suit in "HD" else "black",
        "value": card_value(card_id),
        "country": (country := (countries or {}).get(card_id)),
        "country_on_card": country and breakable(country),
    }


def sorted_hand(cards: list[str], by: str = "rank") -> list[str]:
    """By rank (the engine's order: ace low, face cards last) then suit, or by suit and
    then in that order (Python's sort is stable)."""
    by_rank = sort_hand(cards)
    if by == "suit":
        return sorted(by_rank, key=lambda card: "SHDC".index(face_of(card)[-1]))
    return by_rank


# ---------------------------------------------------------------- the table row


def table_row(view: dict, name_of, me: int | None, picked=(), countries=None) -> dict:
    """The loose cards and the builds (as stacks with owner and value, and the letter a
    command names a build by), each marked when it is in my selection."""
    row = view.get("table") or {}
    loose = [{**pcard(card, countries), "picked": card in picked, "mark": None} for card in row.get("loose") or []]
    builds = []
    for k, build in enumerate(row.get("builds") or []):
        owner = name_of(build["owner"])
        kind = "multiple build" if build.get("multiple") else "build"
        builds.append(
            {
                "id": build["id"],
                "letter": letter(k),
                "value": build["value"],
                "owner": owner,
                "mine": build["owner"] == me,
                "multiple": bool(build.get("multiple")),
                "label": f"{owner}'s {kind} of {build['value']}",
                "cards": [pcard(card, countries) for card in build["cards"]],
                "picked": build["id"] in picked,
                "mark": None,
            }
        )
    return {"loose": loose, "builds": builds, "empty": not loose and not builds}


def piles(view: dict, names: list[str], countries=None) -> list[dict]:
    """What each seat captured this deal (the cards are public) and its sweeps, when
    the table scores them."""
    captured = view.get("piles") or [[] for _ in names]
    sweeps = (view.get("sweeps") if view["options"].get("sweeps") else None) or [0] * len(names)
    last = view.get("last_capturer")
    return [
        {
            "name": names[i],
            "count": len(cards),
            "spades": sum(1 for card in cards if face_of(card).endswith("S")),
            "sweeps": sweeps[i] if i < len(sweeps) else 0,
            "last": i == last,
            "cards": [pcard(card, countries) for card in sorted_hand(cards, "suit")],
        }
        for i, cards in enumerate(captured)
    ]


def casino_position(view: dict, hands: list[list[str]], names: list[str]) -> dict:
    """A replay's Casino table: the deal, the table row, the captured piles, every hand."""
    countries = view.get("card_countries") or {}
    return {
        "template": "casino/_replay.html",
        "deal": view.get("deal"),
        "stock_size": view.get("stock_size", 0),
        "row": table_row(view, lambda i: names[i], None, countries=countries),
        "piles": piles(view, names, countries),
        "scores": [{"name": names[i], "total": t} for i, t in enumerate(view.get("scores") or [])],
        "hands": [
            {"name": names[i], "cards": [pcard(c, countries) for c in sort_hand(hand)], "out": i in view["out"]}
            for i, hand in enumerate(hands)
        ],
    }


# ---------------------------------------------------------------- questions


def _question(record: dict, name_of, me: int | None) -> dict:
    """An asked record in words: who asked whom which capital, and once answered what was
    chosen, whether it was right, and the right answer. An unanswered question carries no
    answer: the engine's view has none."""
    choices = list(record.get("choices") or [])
    answered = record.get("choice") is not None
    chosen = choices[record["choice"]] if answered and record["choice"] < len(choices) else None
    correct = record.get("answer")
    return {
        "id": record["id"],
        "country": record.get("country"),
        "flag": record.get("flag"),  # the emoji, for a mail's text
        "flag_image": flag_image_of_emoji(record.get("flag")),  # the picture, for a page
        "by": name_of(record["by"]),
        "to": name_of(record["to"]),
        "to_me": record["to"] == me,
        "by_me": record["by"] == me,
        "answered": answered,
        "chosen": chosen,
        "right": record.get("right"),
        "correct": choices[correct] if answered and correct is not None and correct < len(choices) else None,
        "choices": [{"index": k, "letter": letter(k), "text": text} for k, text in enumerate(choices)],
    }


def questions(view: dict, name_of, me: int | None, away: bool) -> dict:
    """The questions put so far, newest first (the latest QUESTIONS_SHOWN, then the
    earlier ones), and those waiting for my answer, unless I am `away` (the bot that
    plays my seat answers them: the move view refuses mine)."""
    asked = [_question(record, name_of, me) for record in view.get("asked") or []]
    newest = asked[::-1]
    return {
        "count": len(asked),
        "latest": newest[:QUESTIONS_SHOWN],
        "earlier": newest[QUESTIONS_SHOWN:],
        "for_me": [] if away else [q for q in asked if q["to_me"] and not q["answered"]],
    }


def _ask_panel(view: dict, me: int, name_of, countries, kept) -> dict:
    """After my capture: the cards it took whose questions were never put (the engine's
    `askable`: each is asked once a game), and one select per opponent still in, showing
    the card `kept` chooses for its field (a refused ask's choices, to mend, not redo) or
    else a card of its own: the first opponent the first card, and so on, as far as the
    cards go, so that "Ask" as it comes is a valid ask."""
    out = set(view.get("out") or [])
    seats = [seat for seat in range(view["players"]) if seat != me and seat not in out]
    cards = view["askable"]
    return {
        "cards": [pcard(card, countries) for card in cards],
        "opponents": [
            {
                "seat": seat,
                "name": name_of(seat),
                "field": f"ask_{seat}",
                "chosen": kept.get(f"ask_{seat}", "") if kept else (cards[k] if k < len(cards) else ""),
            }
            for k, seat in enumerate(seats)
        ],
        "fewer_cards": len(cards) < len(seats),
    }


def _refused_choices(request, refused: bool) -> dict:
    """The fields of a refused move's form, or none."""
    if request is None or not refused or request.method != "POST":
        return {}
    return request.POST


# ---------------------------------------------------------------- deals and the result


def _category(key: str) -> str:
    return CATEGORIES.get(key, key.replace("_", " ").lower())


def deal_rows(view: dict, names: list[str]) -> list[dict]:
    """Each finished deal: what each seat took (cards, spades, right answers) and its points
    by category, then the trivia points (a point a right answer, when the table scores
    them), which add up to the deal's points."""
    scored = bool((view.get("options") or {}).get("trivia_points"))
    rows = []
    for deal in view.get("deals") or []:
        breakdown = deal.get("breakdown") or [{} for _ in names]
        keys = list(dict.fromkeys(key for seat in breakdown for key in seat))
        trivia = deal.get("trivia") or [0] * len(names)
        lines = []
        for i in range(len(names)):
            trivia_points = trivia[i] if scored else 0
            lines.append(
                {
                    "name": names[i],
                    "cards": (deal.get("cards") or [None] * len(names))[i],
                    "spades": (deal.get("spades") or [None] * len(names))[i],
                    "trivia": trivia[i],
                    "by_category": [breakdown[i].get(key, 0) for key in keys],
                    "card_points": deal["points"][i],
                    "trivia_points": trivia_points,
                    "points": deal["points"][i] + trivia_points,
                }
            )
        rows.append(
            {
                "number": deal["number"],
                "categories": [_category(key) for key in keys],
                "trivia_scored": scored,
                "lines": lines,
            }
        )
    return rows


def points_by_deal(view: dict, rows: list[dict], scores: list[int]) -> dict:
    """The running score itemised: per deal its card points and its trivia points (when
    the table scores them), and the right answers of the deal in play, which score at once:
    the rows add up to `totals`, the score."""
    scored = bool((view.get("options") or {}).get("trivia_points"))
    lines = []
    for row in rows:
        lines.append({"label": f"Deal {row['number']}: cards", "cells": [line["card_points"] for line in row["lines"]]})
        if scored:
            lines.append(
                {
                    "label": f"Deal {row['number']}: right answers",
                    "cells": [line["trivia_points"] for line in row["lines"]],
                }
            )
    finished = {row["number"] for row in rows}
    current = view.get("trivia_right") or []
    if scored and view.get("deal") not in finished and any(current):
        lines.append({"label": f"Deal {view['deal']} so far: right answers", "cells": list(current)})
    return {"lines": lines, "totals": list(scores)}


def result_headline(result: dict, name_of) -> str:
    """The result in one sentence: the winner and their total, or how they won."""
    return headline(result, name_of, lambda who, winners: f"{who} won with {result['scores'][winners[0]]} points.")


def _result(view: dict, name_of, names: list[str]) -> dict | None:
    result = view.get("result")
    if not result:
        return None
    winners = list(result.get("winners") or [])
    totals = result.get("scores") or view.get("scores") or []
    trivia = result.get("trivia") or []
    standings = []
    for i in range(len(names)):
        stats = trivia[i] if i < len(trivia) else {}
        standings.append(
            {
                "name": names[i],
                "total": totals[i] if i < len(totals) else None,
                "winner": i in winners,
                "out": i in (view.get("out") or []),
                "trivia": stats,
            }
        )
    standings.sort(key=lambda row: (not row["winner"], row["out"], -(row["total"] or 0)))
    return {"headline": result_headline(result, name_of), "standings": standings}


# ---------------------------------------------------------------- the page


def checked_selection(view: dict, card: str | None, picked: list[str]) -> tuple[str | None, list[str]]:
    """Only a card of my hand, and only what lies on the table, count in a selection."""
    row = view.get("table") or {}
    on_table = set(row.get("loose") or []) | {build["id"] for build in row.get("builds") or []}
    return (card if card in (view.get("hand") or []) else None), [item for item in picked if item in on_table]


def _selection(seen) -> tuple[str | None, list[str]]:
    """My selection, from the page's query: the "Show plays" redirect without JavaScript,
    and the poll that keeps it while the table moves on; or from the form of my answer to
    a question, which redraws the table too (static/casino/casino.js). A play's own form
    names cards that have left the hand and the table: nothing of it stays."""
    if seen.request is None:
        return None, []
    data = seen.request.POST if seen.request.method == "POST" else seen.request.GET
    return checked_selection(seen.view, *selection_from(data))


def plays_for(game, me: int, card: str | None, picked: list[str]) -> dict:
    """What the engine says my selection allows: each play as a button's fields and
    label, or why there is none."""
    if card is None:
        return {"card": None, "plays": [], "reason": None}
    plays, reason = selection_plays(game.state, me, card, picked)
    return {
        "card": face(card),
        "plays": [
            {"label": play_label(move, game.state), "type": move["type"], "fields": fields_for(move)} for move in plays
        ],
        "reason": None if plays else reason or "No play uses exactly these cards.",
    }


class CasinoTable(TableView, total=False):
    """The table with Casino's parts (`present_casino`): `hand` is my cards, each `pcard`
    marked "chosen" (my selection's card); `controls`, on my turn, the plays of my
    selection or the questions I ask after a capture."""

    deal: int | None
    dealer_name: str | None
    stock_size: int
    row: dict  # table_row: the loose cards and the builds, each with its `mark` (marks.mark_row)
    captures: list[str]  # the last moves' captures in words, newest first
    hand_count: int
    piles: list[dict]
    questions: dict | None
    scores: list[dict]
    target: int
    deal_rows: list[dict]
    points_by_deal: dict  # points_by_deal: the rows that add up to the score
    last_deal: dict | None
    round_over: RoundOver | None  # while the deal is new: its summary opens the table
    options: dict


def present_casino(game, table: TableView, seen: Seen) -> CasinoTable:
    """Add Casino's parts to the generic `table` (see `presenters.present_table`)."""
    page = cast(CasinoTable, table)  # the same dict, with Casino's keys added below
    view = seen.view
    name_of = seen.name_of
    me = seen.my_index
    players = view["players"]
    names = [name_of(i) for i in range(players)]
    countries = view.get("card_countries") or {}
    scores = view.get("scores") or [0] * players
    over = view["phase"] == "over"

    for seat_row in page["seats"]:
        i = seat_row["index"]
        if i == view.get("dealer") and not over:
            seat_row["tags"].append({"text": "dealer", "modifier": ""})
        total = scores[i] if i < len(scores) else 0
        points = f"{total} point{'' if total == 1 else 's'}"
        seat_row["cards"] = " · ".join(filter(None, [seat_row["cards"], points])) if page["is_active"] else points

    hand = arranged(page, seen, sorted_hand)
    away = bool(seen.me and seen.me.away)
    row = table_row(view, name_of, me, countries=countries)
    my_turn = bool(page.get("my_turn") and page["is_active"])
    selecting = my_turn and view["phase"] == "play" and hand is not None
    card, picked = _selection(seen) if selecting else (None, [])
    if picked:
        row = table_row(view, name_of, me, picked, countries)
    captures = mark_row(row, page["recent_moves"], name_of)

    page.update(
        {
            "deal": view.get("deal"),
            "dealer_name": name_of(view["dealer"]) if view.get("dealer") is not None else None,
            "stock_size": view.get("stock_size", 0),
            "row": row,
            "captures": captures,
            "hand": [{**pcard(c, countries), "chosen": c == card} for c in hand] if hand is not None else None,
            "hand_count": len(hand or []),
            "piles": piles(view, names, countries),
            "questions": questions(view, name_of, me, away) if page["is_active"] or over else None,
            "scores": [{"name": names[i], "total": t, "to_go": max(0, TARGET - t)} for i, t in enumerate(scores)],
            "target": TARGET,
            "deal_rows": deal_rows(view, names),
            "result": _result(view, name_of, names),
            "options": view.get("options") or {},
        }
    )
    page["last_deal"] = page["deal_rows"][-1] if page["deal_rows"] else None
    page["round_over"] = round_over(page, seen, DEAL_OVER, "Deal", page["last_deal"])
    page["points_by_deal"] = points_by_deal(view, page["deal_rows"], scores)
    controls = None
    if my_turn and hand is not None:
        controls = {"phase": view["phase"]}
        if selecting:
            controls["selection"] = plays_for(game, me, card, picked)
        elif view["phase"] == "ask":
            kept = _refused_choices(seen.request, refused=bool(page["error"]))
            controls["ask"] = _ask_panel(view, me, name_of, countries, kept)
    page["controls"] = controls
    return page
