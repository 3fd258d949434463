"""Rummathon Royale's page as a plain dict, from `rules.view(state, my_seat)` only.

`present_rummathon(game, table, seen)` adds the Rummathon parts (the rule cards and how
far each player is, my hand, the deck and the fanned discard pile, the groups on the
table, the moves I may make, the banners, the buy panel, the round summaries, the
result) to the generic table dict that `presenters.present_table` built. The moves come
from the engine (`rules.legal_moves` for my seat); nothing here decides a rule.
"""

from games.presenters import arranged

from . import builder
from .engine import action as action_of
from .engine import colour, face, is_flex, number, sort_hand, spoken
from .forms import fields_for

HAND_SORTS = ("colour", "number")
COLOUR_SYMBOL = {"R": "♥", "Y": "★", "G": "♣", "B": "♦"}
COLOUR_LETTER_NAME = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

# ---------------------------------------------------------------- cards


def rcard(card_id: str) -> dict:
    """A card's face: number, colour (as a class, a letter and a symbol, never the colour
    alone) or an action's name; its name in words for screen readers."""
    name = action_of(card_id)
    tone = colour(card_id)
    return {
        "id": card_id,
        "face": face(card_id),
        "name": spoken(card_id),
        "number": number(card_id),
        "colour": COLOUR_LETTER_NAME.get(tone) if tone else None,
        "letter": tone,
        "symbol": COLOUR_SYMBOL.get(tone) if tone else None,
        "action": name,
        "flex": is_flex(card_id),
    }


# ---------------------------------------------------------------- replay and result


def rummathon_position(view: dict, hands: list[list[str]], names: list[str]) -> dict:
    """A replay's Rummathon table: the round, the piles, the groups, every hand."""
    return {
        "template": "rummathon/_replay.html",
        "round": view.get("round"),
        "deck_size": view.get("deck_size", 0),
        "discard": [rcard(card) for card in view.get("discard") or []],
        "scores": [{"name": names[i], "total": t} for i, t in enumerate(view.get("scores") or [])],
        "hands": [
            {"name": names[i], "cards": [rcard(c) for c in sort_hand(hand)], "out": i in view["out"]}
            for i, hand in enumerate(hands)
        ],
    }


def result_headline(result: dict, name_of) -> str:
    """The result in one sentence: who won, and how."""
    winners = list(result.get("winners") or [])
    who = " and ".join(name_of(i) for i in winners)
    reason = result.get("reason")
    if reason == "last_standing":
        return f"{who} won: everyone else resigned."
    if reason == "double_royale":
        return f"{who} won at once with a Double Rummathon Royale."
    if winners:
        return f"{who} won with {result['scores'][winners[0]]} points, every sequence laid."
    return "The game is over."


def _result(view: dict, name_of, names: list[str]) -> dict | None:
    result = view.get("result")
    if not result:
        return None
    winners = list(result.get("winners") or [])
    totals = result.get("scores") or view.get("scores") or []
    standings = [
        {"name": names[i], "total": totals[i], "winner": i in winners, "out": i in view["out"]}
        for i in range(len(names))
    ]
    standings.sort(key=lambda row: (not row["winner"], row["out"], -(row["total"] or 0)))
    return {"headline": result_headline(result, name_of), "standings": standings}


# ---------------------------------------------------------------- the page


def present_rummathon(game, table: dict, seen) -> dict:
    """Add Rummathon's parts to the generic `table` dict (see `presenters.present_table`)."""
    view = seen.view
    name_of = seen.name_of
    me = seen.my_index
    names = [name_of(i) for i in range(view["players"])]
    hand = arranged(table, seen, sort_hand)
    my_turn = bool(table.get("my_turn") and table["is_active"])
    table.update(
        {
            "round": view["round"],
            "deck_size": view["deck_size"],
            "discard": [rcard(card) for card in view["discard"]],
            "hand": [rcard(card) for card in hand] if hand is not None else None,
            "hand_count": len(hand or []),
            "result": _result(view, name_of, names),
        }
    )
    moves = game.rules.legal_moves(game.state, me) if my_turn and me is not None else []
    table["controls"] = (
        {
            "phase": view["phase"],
            "moves": [{"type": m["type"], "fields": fields_for(m), "label": str(m)} for m in moves],
        }
        if moves
        else None
    )
    if table["controls"] is not None:
        draft = builder.kept_draft(seen.request, refused=bool(table["error"]))
        table["controls"]["builder"] = builder.builder_panel(game, view, me, draft)
    return table
