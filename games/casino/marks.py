"""The table row's marks: the cards the last moves (those of the "Just now" panel, oldest
first) trailed or built there, while they lie on the table, and the captures, in the move
list's words under the row. Every card a Casino move plays is shown to all, so each is
marked. A deal's end clears the table: the marks start again with the next deal."""

import re

from tables.move_log import in_words

# The engine's line for the move that ends a deal (rules.describe): "... Deal 2 is over."
DEAL_OVER = re.compile(r"\bDeal \d+ is over\.")


def mark_row(row: dict, recent: list[dict], name_of) -> list[str]:
    """Mark in `row` (`presenter.table_row`) the loose cards and builds the `recent` moves
    left there (`mark`: who did it), and return this deal's captures since, newest first."""
    placed: dict[str, str] = {}  # a card played to the table -> who played it, and how
    captures: list[str] = []
    for entry in recent:
        kind = entry["move"].get("type")
        if entry["seat"] is not None and kind in ("trail", "build"):
            verb = "trailed" if kind == "trail" else "built with"
            placed[entry["move"]["card"]] = f"{name_of(entry['seat'])} {verb} it"
        elif entry["seat"] is not None and kind == "capture":
            captures.append(in_words(entry, name_of))
        if DEAL_OVER.search(entry["summary"]):
            placed, captures = {}, []
    for card in row["loose"]:
        card["mark"] = placed.get(card["id"])
    for build in row["builds"]:
        build["mark"] = next((placed[c["id"]] for c in build["cards"] if c["id"] in placed), None)
    return captures[::-1]
