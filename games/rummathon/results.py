"""Rummathon Royale's rounds and result on the page: each finished round's summary, the
final standings, and the result in one sentence (which the lobby and the mails say too)."""

from tables.presenters import headline

from .engine.rules import BUY_PRICE

# The two declarations, by the view's name for them.
DECLARATION = {"royale": "Rummathon Royale", "double": "Double Rummathon Royale"}


def round_rows(view: dict, names: list[str]) -> list[dict]:
    """Each finished round: who went out, and per seat the points, the burden points, the
    cost of the cards bought after the deal (none in a round saved before the state kept
    it), the round's total (their sum), what was left in hand and whether they advanced
    (how far) or repeat."""
    rows = []
    for summary in view["rounds"]:
        lines = []
        for seat in range(len(names)):
            step = summary["advanced"][seat]
            declared = summary["declared"][seat]
            if step:
                outcome = f"advances {step}" + (f" ({DECLARATION[declared]})" if declared else "")
            elif declared:
                outcome = f"repeats ({DECLARATION[declared]} failed)"
            else:
                outcome = "repeats"
            bought = summary["bought"][seat] if "bought" in summary else None
            cost = -bought * BUY_PRICE if bought else 0
            lines.append(
                {
                    "name": names[seat],
                    "went_out": summary["went_out"] == seat,
                    "points": summary["points"][seat],
                    "burden_points": summary["burden_points"][seat],
                    "bought": bought,
                    "bought_points": cost,
                    "total": summary["points"][seat] + summary["burden_points"][seat] + cost,
                    "left": summary["left_in_hand"][seat],
                    "outcome": outcome,
                    "advanced": bool(step),
                }
            )
        went_out = summary["went_out"]
        rows.append(
            {
                "number": summary["number"],
                "went_out": names[went_out] if went_out is not None else None,
                "lines": lines,
                "bought_known": "bought" in summary,
            }
        )
    return rows


def points_by_round(view: dict, rows: list[dict]) -> dict:
    """The score itemised, rows that add up to `totals`: per round the points for going
    out, the burdens' points and the cost of the cards bought, each where not all nought;
    then what this round's buying cost so far; and, for rounds saved before the state kept
    what was bought, their buying in one row (what the score says the rows miss)."""
    players = len(view["scores"])
    lines = []

    def add(label: str, cells: list[int]) -> None:
        if any(cells):
            lines.append({"label": label, "cells": cells})

    for row in rows:
        add(f"Round {row['number']}: going out", [line["points"] for line in row["lines"]])
        add(f"Round {row['number']}: burdens", [line["burden_points"] for line in row["lines"]])
        add(f"Round {row['number']}: cards bought", [line["bought_points"] for line in row["lines"]])
    if view["round"] not in {row["number"] for row in rows}:
        add(f"Round {view['round']}: cards bought", [-(count or 0) * BUY_PRICE for count in view["bought"]])
    if not all(row["bought_known"] for row in rows):
        shown = [sum(line["cells"][seat] for line in lines) for seat in range(players)]
        add("Cards bought in earlier rounds", [view["scores"][seat] - shown[seat] for seat in range(players)])
    return {"lines": lines, "totals": list(view["scores"])}


def result_headline(result: dict, name_of) -> str:
    """The result in one sentence: who won, and how."""

    def won(who: str, winners: list[int]) -> str:
        if result.get("reason") == "double_royale":
            return f"{who} won at once with a Double Rummathon Royale."
        return f"{who} won with {result['scores'][winners[0]]} points, every sequence laid."

    return headline(result, name_of, won)


def final_result(view: dict, name_of, names: list[str]) -> dict | None:
    """The result, once the game is over: its headline and the standings, the winners first."""
    result = view.get("result")
    if not result:
        return None
    winners = list(result.get("winners") or [])
    totals = result.get("scores") or view["scores"]
    total = len(view["sequences"])
    standings = [
        {
            "name": names[i],
            "total": totals[i],
            "winner": i in winners,
            "out": i in view["out"],
            "step": f"{min(view['progress'][i], total)} of {total} sequences laid",
        }
        for i in range(len(names))
    ]
    standings.sort(key=lambda row: (not row["winner"], row["out"], -(row["total"] or 0)))
    return {"headline": result_headline(result, name_of), "standings": standings}
