"""Cap-It's page as a plain dict, from `rules.view(state, my_seat)` only.

`present_capit(game, table, seen)` adds the Cap-It parts (round, contract, piles, my hand
and the meld builder, table melds, round summaries, the score chart (`chart`), the result) to the
generic table dict that `presenters.present_table` built (seats, clock, stakes, seed,
history, urls). The builder's answers come from the engine (`engine.drafts`). Nothing
here reads `game.state` except `legal_moves` for my own seat. `CapitTable` names the
keys it adds.
"""

from typing import cast
from urllib.parse import urlencode

from django.urls import reverse

from engine.cards import SYMBOL, as_face, face_of, spoken, spoken_slot
from engine.commands import letter
from engine.common import next_seat
from tables.card_marks import PileMarks, PileMoves, discard_of, pile_marks
from tables.move_log import ROUND_ENDS, round_over
from tables.presenters import arranged, headline
from tables.table_view import RoundOver, Seen, TableView

from .builder import builder_offers, wild_options
from .chart import score_chart
from .engine import arrange, contract_text, face, find_contract, is_natural, is_wild, points, sort_hand
from .engine.contracts import CONTRACTS, GROUPS, contract_missing
from .engine.drafts import check_draft, meld_label
from .forms import draft_from, fields_for, has_ticks

HINTS_SHOWN = 12
REASONS = {
    "went_out": "went out",
    "stock_out": "The stock ran out.",
}

# ---------------------------------------------------------------- cards


def pcard(card_id: str, slot: str | None = None, ace_value: int = 15) -> dict:
    """A card's face: rank and suit symbol, its colour, whether it is wild, and (on the
    table) what a wild card stands for."""
    name = face_of(card_id)
    joker = name == "JK"
    suit = "" if joker else name[-1]
    standing = slot is not None and not is_natural(card_id, slot)
    wild = is_wild(card_id) and (slot is None or standing)
    return {
        "id": card_id,
        "face": face(card_id),
        "name": _card_name(card_id, slot if standing else None, wild and not joker),
        "rank": "Joker" if joker else name[:-1],
        "suit": SYMBOL.get(suit, "★"),
        "color": "joker" if joker else ("red" if suit in "HD" else "black"),
        "joker": joker,
        "wild": wild,
        "stands_for": as_face(slot) if standing else None,
        "points": points(card_id, ace_value),
    }


def _card_name(card_id: str, slot: str | None, wild_two: bool) -> str:
    """What a screen reader says for a card: "queen of spades", "2 of clubs, wild", "joker,
    as 7 of hearts" (a wild card on the table, in the place it takes)."""
    name = spoken(card_id)
    if slot is not None:
        return f"{name}, as {spoken_slot(slot)}"
    return f"{name}, wild" if wild_two else name


def _faces(cards) -> str:
    return " ".join(face(card) for card in cards)


def _need_text(kind: str, size: int) -> str:
    return f"a {kind} of {size} or more"


# ---------------------------------------------------------------- the page


def _left_in_hand(rnd: dict, seat: int, ace: int) -> list[dict] | None:
    """The cards that made a seat's points in a finished round, in hand order (none for a
    round saved before the state kept them, nor for a seat out of the game)."""
    hands = rnd.get("hands")
    hand = hands[seat] if hands and seat < len(hands) else None
    return None if hand is None else [pcard(card, ace_value=ace) for card in sort_hand(hand)]


def _round_rows(view: dict, name_of) -> list[dict]:
    ace = view["options"].get("ace_value", 15)
    rows = []
    for rnd in view.get("rounds") or []:
        cells = [
            {
                "points": p,
                "low": seat in rnd["winners"],
                "out": p is None,
                "went_out": seat == rnd["went_out"],
                "cards": _left_in_hand(rnd, seat, ace),
            }
            for seat, p in enumerate(rnd["points"])
        ]
        if rnd["went_out"] is not None:
            how = f"{name_of(rnd['went_out'])} went out."
        else:
            how = REASONS["stock_out"]
        rows.append(
            {
                "number": rnd["number"],
                "contract": contract_text(rnd["number"]),
                "dealer": name_of(rnd["dealer"]),
                "how": how,
                "winners": [name_of(i) for i in rnd["winners"]],
                "cells": cells,
            }
        )
    return rows


def _summary(row: dict, names: list[str]) -> dict:
    """The last round, in words: who went out, what each player scored and the cards left
    in their hand that scored it."""
    lines = [
        {
            "name": names[i],
            "points": c["points"],
            "low": c["low"],
            "went_out": c["went_out"],
            "out": c["out"],
            "cards": c["cards"],
        }
        for i, c in enumerate(row["cells"])
    ]
    return {**row, "lines": lines}


def result_headline(result: dict, name_of) -> str:
    """The result in one sentence: the winner(s) and their total, or how they won."""

    def won(who: str, winners: list[int]) -> str:
        points = result["scores"][winners[0]]
        if len(winners) > 1:
            return f"{who} share the win with {points} points each."
        return f"{who} won with {points} points, the lowest total after five rounds."

    return headline(result, name_of, won)


def _result(view: dict, name_of, names: list[str]) -> dict | None:
    result = view.get("result")
    if not result:
        return None
    winners = list(result.get("winners") or [])
    totals = result["scores"]
    ace = view["options"].get("ace_value", 15)
    hands = view.get("hands") or []
    return {
        "headline": result_headline(result, name_of),
        "winners": [name_of(i) for i in winners],
        "standings": sorted(
            (
                {
                    "name": names[i],
                    "total": totals[i] if i < len(totals) else None,
                    "winner": i in winners,
                    "out": i in (view.get("out") or []),
                    "hand": [pcard(c, ace_value=ace) for c in hands[i]] if i < len(hands) else [],
                }
                for i in range(len(names))
            ),
            key=lambda row: (not row["winner"], row["out"], row["total"] if row["total"] is not None else 0),
        ),
    }


def melds_by_owner(view: dict, names: list[str], me: int | None) -> list[dict]:
    """The melds on the table, grouped by the player who laid them (in seat order), each
    with its letter (`commands.letter` of its place in the view's melds)."""
    ace = view["options"].get("ace_value", 15)
    by_owner: dict[int, list] = {}
    for index, meld in enumerate(view.get("melds") or []):
        by_owner.setdefault(meld["owner"], []).append(
            {
                "index": index,
                "letter": letter(index),  # the name a command gives it
                "kind": meld["kind"],
                "label": meld_label(meld),
                "cards": [pcard(c, s, ace) for c, s in zip(meld["cards"], meld["as"])],
            }
        )
    return [{"seat": i, "name": names[i], "is_me": i == me, "melds": by_owner[i]} for i in sorted(by_owner)]


def capit_position(view: dict, hands: list[list[str]], names: list[str]) -> dict:
    """A replay's Cap-It table: the round, the piles, the melds and every hand."""
    ace = view["options"].get("ace_value", 15)
    top = view.get("discard_top")
    return {
        "template": "capit/_replay.html",
        "round": view["round"],
        "rounds_total": view.get("rounds_total", 5),
        "contract": view["contract"]["text"],
        "discard_top": pcard(top, ace_value=ace) if top else None,
        "stock_size": view.get("stock_size", 0),
        "discard_size": view.get("discard_size", 0),
        "pile_marks": None,
        "table_melds": melds_by_owner(view, names, None),
        "hands": [
            {"name": names[i], "cards": [pcard(c, ace_value=ace) for c in sort_hand(hand)], "out": i in view["out"]}
            for i, hand in enumerate(hands)
        ],
    }


def _draft(request, refused: bool) -> dict | None:
    """What the builder shows ticked: the check view's draft, or the ticks of a refused
    move, kept so that the player mends the groups instead of ticking them all again."""
    if request is None:
        return None
    draft = getattr(request, "capit_draft", None)
    if draft is None and refused and request.method == "POST":
        posted = draft_from(request.POST)
        draft = posted if has_ticks(posted) else None
    return draft


# A push hands the top discard on to the next seat, as a take hands it to the taker.
PILE_MOVES = PileMoves(
    discards=discard_of,
    takes_at=lambda move: {"take_discard": (0, "took"), "push": (0, "pushed on")}.get(move.get("type")),
    label=lambda card: f"the {face(card)}",
    new_deal=ROUND_ENDS,
)


class CapitTable(TableView, total=False):
    """The table with Cap-It's parts (`present_capit`): `hand` is my cards, each `pcard`
    with what the builder ticks; `controls`, on my turn, is `_controls`."""

    round: int
    rounds_total: int
    dealer_name: str
    contract: dict  # the round's contract, its groups and how far my hand is from it
    hand_count: int
    discard_top: dict | None
    discard_size: int
    pile_marks: PileMarks
    stock_size: int
    table_melds: list[dict]  # melds_by_owner
    must_use: list[dict]  # the cards I took from the discard pile and must meld this turn
    ace_value: int
    round_rows: list[dict]
    round_totals: list[int]
    last_round: dict | None
    round_over: RoundOver | None  # while the round is new: its summary opens the table
    chart: dict | None  # score_chart


def present_capit(game, table: TableView, seen: Seen) -> CapitTable:
    """Add Cap-It's parts to the generic `table` (see `presenters.present_table`)."""
    page = cast(CapitTable, table)  # the same dict, with Cap-It's keys added below
    view, name_of, me = seen.view, seen.name_of, seen.my_index
    players, number = view["players"], view["round"]
    names = [name_of(i) for i in range(players)]
    ace = view["options"].get("ace_value", 15)
    totals = view.get("totals") or [0] * players
    _seat_words(page, view, totals)
    hand = arranged(page, seen, sort_hand)
    draft = _draft(seen.request, refused=bool(page["error"]))
    progress, plan_cards = _progress(view, hand, me)
    top = view.get("discard_top")
    rows = _round_rows(view, name_of)
    page.update(
        {
            "round": number,
            "rounds_total": view.get("rounds_total", 5),
            "dealer_name": name_of(view["dealer"]),
            "contract": _contract(view, names, progress),
            "hand": _hand_cards(view, hand, plan_cards, draft) if hand is not None else None,
            "hand_count": len(hand or []),
            "discard_top": pcard(top, ace_value=ace) if top else None,
            "discard_size": view.get("discard_size", 0),
            "pile_marks": pile_marks(page["recent_moves"], name_of, PILE_MOVES, top),
            "stock_size": view.get("stock_size", 0),
            "table_melds": melds_by_owner(view, names, me),
            "must_use": [pcard(c, ace_value=ace) for c in view.get("must_use") or []],
            "ace_value": ace,
            "round_rows": rows,
            "round_totals": totals,
            "last_round": _summary(rows[-1], names) if rows else None,
            "chart": score_chart(names, [r["points"] for r in view.get("rounds") or []], view.get("rounds_total", 5)),
            "result": _result(view, name_of, names),
        }
    )
    page["round_over"] = round_over(page, seen, ROUND_ENDS, "Round", rows[-1] if rows else None)
    my_turn = page.get("my_turn") and page["is_active"]
    page["controls"] = _controls(game, view, me, names, name_of, hand or [], ace, draft) if my_turn else None
    return page


def _seat_words(table: TableView, view: dict, totals: list[int]) -> None:
    """Each seat row's tags (the dealer, a contract down) and its points."""
    over = view["phase"] == "over"
    laid = view.get("laid") or []
    for row in table["seats"]:
        i = row["index"]
        if i == view["dealer"] and not over:
            row["tags"].append({"text": "dealer", "modifier": ""})
        if i < len(laid) and laid[i] and not over:
            row["tags"].append({"text": "contract down", "modifier": "tag--laid"})
        total = totals[i] if i < len(totals) else 0
        points = f"{total} point{'' if total == 1 else 's'}"
        row["cards"] = " · ".join(filter(None, [row["cards"], points])) if table["is_active"] else points


def _progress(view: dict, hand: list[str] | None, me: int | None) -> tuple[dict | None, set[str]]:
    """How far my hand is from the round's contract, and the cards of the closest plan
    (marked • in my hand) when it falls short. None for no hand, or once the game is over."""
    if hand is None or view["phase"] == "over":
        return None, set()
    number = view["round"]
    if (view.get("laid") or [False] * view["players"])[me]:
        return {"done": True, "text": "Your contract is down: meld, lay off and swap wild cards freely."}, set()
    if find_contract(hand, number):
        later = view["phase"] == "draw" or me not in view["to_act"]
        return {
            "done": False,
            "ready": True,
            "text": "Your hand holds the contract: lay it down after you draw."
            if later
            else "Your hand holds the contract: lay it down now.",
        }, set()
    missing, plan_cards = contract_missing(hand, number)
    return {
        "done": False,
        "ready": False,
        "missing": missing,
        "text": f"You are {missing} card{'s' * (missing != 1)} short of the contract; "
        "the cards marked • fit the closest plan.",
    }, plan_cards


def _contract(view: dict, names: list[str], progress: dict | None) -> dict:
    """The round's contract: its groups, my progress toward it, who has laid theirs."""
    number = view["round"]
    laid = view.get("laid") or [False] * view["players"]
    return {
        "number": number,
        "text": contract_text(number),
        "needs": [
            {"letter": letter, "kind": kind, "size": size, "text": _need_text(kind, size)}
            for letter, (kind, size) in zip(GROUPS, CONTRACTS[number - 1])
        ],
        "progress": progress,
        "laid_names": [names[i] for i in range(view["players"]) if i < len(laid) and laid[i]],
    }


def _hand_cards(view: dict, hand: list[str], plan_cards: set[str], draft: dict | None) -> list[dict]:
    """My cards, each with what the page marks on it (the closest plan, a card I must use,
    the one I drew) and the builder's ticks, kept from the draft."""
    ace = view["options"].get("ace_value", 15)
    must_use = set(view.get("must_use") or [])
    draft_groups = draft["groups"] if draft else {}
    draft_ticks = set(draft["cards"]) if draft else set()
    letters = GROUPS[: len(CONTRACTS[view["round"] - 1])]
    cards = []
    for card_id in hand:
        c = pcard(card_id, ace_value=ace)
        c["plan"] = card_id in plan_cards
        c["must_use"] = card_id in must_use
        c["groups"] = [{"letter": g, "checked": card_id in draft_groups.get(g, [])} for g in letters]
        c["ticked"] = card_id in draft_ticks
        c["new"] = card_id == view.get("drawn")
        cards.append(c)
    return cards


def _controls(game, view: dict, me: int, names, name_of, hand: list[str], ace: int, draft) -> dict:
    legal = game.rules.legal_moves(game.state, me)
    types = {m["type"] for m in legal}
    top = view.get("discard_top")
    stock = view.get("stock_size", 0)
    controls = {"phase": view["phase"], "draft_lines": None}
    if view["phase"] == "draw":
        nxt = names[next_seat(view, me)]
        controls["draw"] = {
            "take": "take_discard" in types,
            "push": "push" in types,
            "stock": "draw_stock" in types,
            "top": pcard(top, ace_value=ace) if top else None,
            "push_to": nxt,
            "push_text": (
                f"Push: the {face(top)} and the top stock card go to {nxt}; you then draw from the stock."
                if top
                else None
            ),
            "push_ends_round": "push" in types and stock < 2,
            "stock_ends_round": "draw_stock" in types and stock == 0,
            "stock_size": stock,
        }
        return controls
    laid = view["laid"][me]
    melds = view.get("melds") or []
    controls["laid"] = laid
    controls["can_discard"] = "discard" in types
    controls["discard_options"] = [pcard(c, ace_value=ace) for c in hand]
    if not laid:
        suggestion = next((m for m in legal if m["type"] == "lay_contract"), None)
        controls["suggested"] = None
        if suggestion:
            controls["suggested"] = {
                "melds": [
                    {
                        "letter": letter,
                        "kind": m["kind"],
                        "cards": [pcard(c, s, ace) for c, s in zip(*arrange(m["cards"], m["kind"]))],
                    }
                    for letter, m in zip(GROUPS, suggestion["melds"])
                ],
                "fields": fields_for(suggestion),
                "builder_url": reverse("capit:check", args=[game.pk])
                + "?"
                + urlencode([(k, v) for k, v in fields_for(suggestion) if k != "type"]),
            }
    else:
        controls["targets"] = [
            {"index": i, "label": meld_label(m, name_of(m["owner"])), "run": m["kind"] == "run"}
            for i, m in enumerate(melds)
        ]
        controls["wilds"] = wild_options(melds, name_of)
        hints = []
        for move in legal:
            label = _hint_label(move, melds, name_of)
            if label:
                hints.append({"label": label, "type": move["type"], "fields": fields_for(move)})
        controls["hints"] = hints[:HINTS_SHOWN]
        controls["more_hints"] = max(0, len(hints) - HINTS_SHOWN)
    controls["go"] = builder_offers(game, view, me, draft, legal, name_of)
    if draft is not None:
        controls["draft_lines"] = check_draft(view, draft, name_of, me)
        controls["draft"] = draft
    return controls


def _hint_label(move: dict, melds: list, name_of) -> str | None:
    kind = move["type"]
    if kind == "lay_off":
        meld = melds[move["meld"]]
        return f"Lay off {_faces(move['cards'])} on {meld_label(meld, name_of(meld['owner']))}"
    if kind == "meld":
        return f"Meld a {move['kind']}: {_faces(move['cards'])}"
    if kind == "replace":
        meld = melds[move["meld"]]
        return (
            f"Swap your {face(move['card'])} for the {face(move['wild'])} in {meld_label(meld, name_of(meld['owner']))}"
        )
    return None
