"""The cards the last moves put on the discard pile or took from it, so that the table can
mark them: the pile's top "discarded by Bot 2", and beside the pile the cards just taken
("Bot 2 took Honduras"). Read from the moves of the "Just now" panel (`move_log.just_now`'s
window, oldest first); each game says which of its moves discard a card and which take one
from the pile, and at what depth. Only what every seat saw is marked: a discarded card, and
a card taken face up from the pile."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict


class CardMark(TypedDict):
    card: str  # the engine's card id
    label: str  # its name as the table writes it ("Honduras", "the K♠")
    by: str  # the mover's name
    verb: str  # what the mover did with it: "discarded", "took", "pushed on"
    seq: int


class PileMarks(TypedDict):
    top: CardMark | None  # the pile's top, when the last move that changed the pile put it there
    taken: list[CardMark]  # the cards these moves took from the pile, newest first


@dataclass(frozen=True)
class PileMoves:
    """A game's moves that change its discard pile: `discards(move)` is the card a move
    puts on the pile (or None); `takes_at(move)` the depth a move takes from (0 = the top)
    and its verb ("took"), or None; `label(card)` the card's name as the table writes it;
    `new_deal` matches the line of a move after which the cards are dealt again (its pile
    starts afresh, and what was taken from the old one is no news at the new one)."""

    discards: Callable[[dict], str | None]
    takes_at: Callable[[dict], tuple[int, str] | None]
    label: Callable[[str], str]
    new_deal: re.Pattern | None = None


def pile_marks(recent: list[dict], name_of: Callable[[int], str], moves: PileMoves, top: str | None) -> PileMarks:
    """Walk `recent` (history rows with their `move` and `summary`, oldest first), keeping the top of the
    pile as these moves built it. The last discard marks the pile's `top` while it is still
    there. A take is marked when the card these moves put at its depth is the card its
    line names (the engine's own words): a deal or a reshuffle between them leaves no mark."""
    pile: list[str] = []  # the pile's top as these moves left it, newest last
    discarded: CardMark | None = None
    taken: list[CardMark] = []

    def mark(card: str, row: dict, verb: str) -> CardMark:
        return {"card": card, "label": moves.label(card), "by": name_of(row["seat"]), "verb": verb, "seq": row["seq"]}

    for row in recent:
        move = row["move"]
        if row["seat"] is None:
            continue
        take = moves.takes_at(move)
        if take is not None:
            (depth, verb), discarded = take, None
            if depth < len(pile) and _names(row["summary"], moves.label(pile[-1 - depth])):
                taken.append(mark(pile[-1 - depth], row, verb))
                del pile[len(pile) - 1 - depth :]
            else:  # a new deal or a reshuffle since: the moves no longer know this pile
                pile.clear()
        card = moves.discards(move)
        if card is not None:
            pile.append(card)
            discarded = mark(card, row, "discarded")
        if moves.new_deal is not None and moves.new_deal.search(row["summary"]):
            pile, discarded, taken = [], None, []
    return {"top": discarded if discarded and discarded["card"] == top else None, "taken": taken[::-1]}


def _names(summary: str, label: str) -> bool:
    """Whether a move's line names the card (as a word: "G1" is not named by "G12")."""
    return re.search(rf"(?<!\w){re.escape(label)}(?!\w)", summary) is not None


def discard_of(move: dict) -> str | None:
    """The card a rummy's plain discard puts on the pile."""
    return move.get("card") if move.get("type") == "discard" else None
