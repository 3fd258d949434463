"""Pebbles' part of its page, of a replay step, and its result in words."""

from .engine import PILE
from .forms import fields_for


def present(game, table: dict, seen) -> dict:
    """The pile, what each seat took, my buttons on my turn, the result."""
    view = seen.view
    legal = game.rules.legal_moves(game.state, seen.my_index) if table.get("my_turn") and table["is_active"] else []
    result = view.get("result")
    table.update(
        pile=view["pile"],
        pile_of=PILE,
        taken=[{"name": seen.name_of(seat), "count": count} for seat, count in enumerate(view["taken"])],
        controls=[{"count": move["count"], "fields": fields_for(move)} for move in legal],
        result={"headline": result_headline(result, seen.name_of)} if result else None,
    )
    return table


def replay_position(public: dict, hands: list[list[str]], names: list[str]) -> dict:
    return {
        "template": "pebbles/_replay.html",
        "pile": public["pile"],
        "taken": [{"name": name, "count": count} for name, count in zip(names, public["taken"])],
    }


def result_headline(result: dict, name_of) -> str:
    winners = " and ".join(name_of(seat) for seat in result["winners"])
    if result["reason"] == "last_pebble":
        return f"{winners} took the last pebble and won."
    return f"{winners} won: the others resigned."
