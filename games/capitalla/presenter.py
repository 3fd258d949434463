"""Capitalla's parts of the game page, as plain dicts: the cards (their markup rendered
once per process), my hand by capital initial, the piles, the declaration the solver
found, the result with every hand, and a replay's table (`CapitallaTable` names the keys
it adds). Like every presenter it reads only `rules.view` (and `legal_moves` for my own
seat)."""

import json
from functools import cache
from typing import cast

from django.template.loader import render_to_string

from engine.countries import breakable
from tables.card_marks import PileMarks, PileMoves, discard_of, pile_marks
from tables.country_flags import flag_image
from tables.presenters import arranged
from tables.table_view import Seen, TableView

from .engine import CARDS, InvalidGroup, group_kind, run_roles
from .engine.cards import JOKER_LETTER as JOKER
from .results import result_headline


def card(card_id: str, plays_as: str | None = None) -> dict:
    """A card's public face. `plays_as` is the letter it stands for in a declared group."""
    c = CARDS[card_id]
    return {
        **_static_face(card_id),
        "plays_as": plays_as,
        "as_joker": bool(plays_as and c.is_joker and plays_as not in c.letters),
    }


@cache
def _static_face(card_id: str) -> dict:
    """What never changes about a card, with its HTML rendered once per process (the face,
    and the card as it sits in a hand): a hand of fourteen cards is on every move's response."""
    c = CARDS[card_id]
    naturals = sorted(c.letters - {JOKER})
    face = {
        "id": c.id,
        "name": c.name,
        "name_on_card": breakable(c.name),
        "capitals": list(c.capitals),
        "capital_label": c.capital_label,
        "text_name": f"{c.name} ({c.capital_label})",  # as a mail names it, and a command may
        "spoken": spoken_name(c),
        "flag": c.flag,  # the emoji, for a mail's text
        "flag_image": flag_image(c.alpha2),  # the picture, for a page
        "fact": c.fact,
        "is_joker": c.is_joker,
        "badge": "/".join(sorted(c.letters)),
        "group_letter": naturals[0] if naturals else JOKER,
    }
    for key, show_fact in (("face", False), ("face_with_fact", True)):
        face[key] = render_to_string("capitalla/_card.html", {"c": face, "show_fact": show_fact})
    face["hand_card"] = render_to_string("capitalla/_hand_card.html", {"c": face, "as_button": False})
    face["discard_button"] = render_to_string("capitalla/_hand_card.html", {"c": face, "as_button": True})
    return face


def spoken_name(c) -> str:
    """A card's name as a screen reader says it, with no flag or letter badge: "France,
    capital Paris", "Bolivia, capitals Sucre and La Paz", "Egypt, capital Cairo, joker"."""
    *others, last = c.capitals
    capitals = f"capitals {', '.join(others)} and {last}" if others else f"capital {last}"
    return f"{c.name}, {capitals}{', joker' if c.is_joker else ''}"


def by_initial(card_ids, by: str = "initial") -> list[str]:
    """Cards by capital initial, cards that can only be jokers last; a card with several
    initials sits under its first non-C one. (Capitalla's one `hand_sorts`.)"""

    def key(card_id):
        face = _static_face(card_id)
        return (face["group_letter"] == JOKER, face["group_letter"], face["capitals"][0], face["name"])

    return sorted(card_ids, key=key)


def hand_groups(card_ids, discardable=frozenset(), new=frozenset(), by_letter: bool = True) -> list[dict]:
    """Cards in the order given, grouped `by_letter` (consecutive cards of one initial; the
    jokers' group says so) or all in one group. Each card's `html` is its discard button if
    it is `discardable`, else the card; `new` marks the card I just drew or took."""
    groups: list[dict] = []
    for cid in card_ids:
        face = card(cid)
        face["html"] = face["discard_button"] if cid in discardable else face["hand_card"]
        face["is_button"] = cid in discardable
        face["new"] = cid in new
        letter = face["group_letter"] if by_letter else ""
        if not groups or groups[-1]["letter"] != letter:
            label = "Jokers (C)" if letter == JOKER else letter
            groups.append({"letter": letter, "label": label, "cards": []})
        groups[-1]["cards"].append(face)
    return groups


def capitalla_position(view: dict, hands: list[list[str]], names: list[str]) -> dict:
    """A replay's Capitalla table: the piles and every hand, laid out by initial."""
    top = view.get("discard_top")
    return {
        "template": "capitalla/_replay.html",
        "discard_top": card(top) if top else None,
        "pile_marks": None,
        "discard_size": view.get("discard_size", 0),
        "draw_size": view.get("draw_size", 0),
        "hands": [
            {"name": names[i], "count": len(hand), "groups": hand_groups(by_initial(hand)), "out": i in view["out"]}
            for i, hand in enumerate(hands)
        ],
    }


def declared_group(ids: list[str]) -> dict:
    """A declared group with a label like "P P P — pure" and each card's role."""
    try:
        kind, pure = group_kind(ids)
    except (InvalidGroup, KeyError):
        return {"label": "not a valid group", "kind": "invalid", "pure": False, "cards": [card(i) for i in ids]}
    cards = [CARDS[i] for i in ids]
    if kind == "same":
        tame = [c for c in cards if not c.is_joker] or cards
        common = frozenset.intersection(*(c.letters for c in tame)) - {JOKER}
        common_all = frozenset.intersection(*(c.letters for c in cards)) - {JOKER}
        if common_all:
            letter = min(common_all)
        elif common:
            letter = min(common)
        else:
            letter = JOKER  # only jokers
        faces = [card(c.id, letter) for c in cards]
        faces.sort(key=lambda f: f["as_joker"])
        if letter == JOKER:
            text, note = " ".join(JOKER for _ in faces), "pure (all jokers)"
        else:
            text = " ".join("★" if f["as_joker"] else letter for f in faces)
            jokers = sum(f["as_joker"] for f in faces)
            note = "pure" if pure else f"same letter, {jokers} joker{'s' if jokers > 1 else ''}"
        return {"label": f"{text} — {note}", "kind": "same", "pure": pure, "cards": faces}
    roles = run_roles(ids)
    if roles is None:  # group_kind accepted it, so this does not happen; stay safe anyway
        return {"label": "mixed", "kind": "mixed", "pure": False, "cards": [card(i) for i in ids]}
    faces = sorted((card(i, roles[i]) for i in ids), key=lambda f: f["plays_as"])
    text = "–".join(("★" if f["as_joker"] else "") + f["plays_as"] for f in faces)
    return {"label": f"{text} — mixed (consecutive letters)", "kind": "mixed", "pure": False, "cards": faces}


def _revealed_hands(view: dict) -> dict[int, list[str]]:
    """All hands once the game is over (the engine reveals them), as {seat: ids}."""
    for key in ("hands", "all_hands", "revealed_hands", "revealed"):
        hands = view.get(key)
        if isinstance(hands, list):
            return {i: list(h or []) for i, h in enumerate(hands)}
        if isinstance(hands, dict):
            return {int(k): list(h or []) for k, h in hands.items()}
    return {}


NO_CONTROLS = {
    "draw_pile": False,
    "draw_discard": False,
    "discard": False,
    "discardable": frozenset(),
    "declaration": None,
}


class CapitallaTable(TableView, total=False):
    """The table with Capitalla's parts (`present_capitalla`): `hand_groups` is my hand by
    letter (`hand_groups`), `controls` the moves I may make (`NO_CONTROLS`' keys) and
    `result` the result with every hand."""

    hand_count: int
    discard_top: dict | None  # card
    discard_size: int
    draw_size: int
    pile_marks: PileMarks


# A discard, or the one that ends a declaration, tops the pile; a draw from it takes the top.
PILE_MOVES = PileMoves(
    discards=lambda move: discard_of(move) or (move.get("discard") if move.get("type") == "declare" else None),
    takes_at=lambda move: (0, "took") if move.get("type") == "draw" and move.get("from") == "discard" else None,
    label=lambda card_id: CARDS[card_id].name,
)


def present_capitalla(game, table: TableView, seen: Seen) -> CapitallaTable:
    """Capitalla's parts: my hand by letter, the piles, the declaration, the result."""
    page = cast(CapitallaTable, table)  # the same dict, with Capitalla's keys added below
    view, my_index, name_of = seen.view, seen.my_index, seen.name_of
    status, my_turn, result = game.status, page["my_turn"], view.get("result")
    hand = view.get("hand") if my_index is not None else None
    page.update(
        {
            "hand_count": len(hand) if hand is not None else 0,
            "discard_top": card(view["discard_top"]) if view.get("discard_top") else None,
            "discard_size": view.get("discard_size", 0),
            "draw_size": view.get("draw_size", 0),
            "pile_marks": pile_marks(page["recent_moves"], name_of, PILE_MOVES, view.get("discard_top")),
        }
    )

    # Every key is always there: a missing one costs the template a failed lookup.
    controls = dict(NO_CONTROLS)
    if my_turn and status == game.Status.ACTIVE:
        legal = game.rules.legal_moves(game.state, my_index)
        draws = {m.get("from") for m in legal if m.get("type") == "draw"}
        discards = {m.get("card") for m in legal if m.get("type") == "discard"}
        # The declaration the page offers is the legal move's, the one the engine would play.
        declaration = next((m for m in legal if m.get("type") == "declare"), None)
        controls.update(
            draw_pile="pile" in draws, draw_discard="discard" in draws, discard=bool(discards), discardable=discards
        )
        if declaration:
            controls["declaration"] = {
                "discard": card(declaration["discard"]),
                "groups": [declared_group(list(g)) for g in declaration["groups"]],
                "groups_json": _json(declaration["groups"]),
            }
    page["controls"] = controls
    hand = arranged(page, seen, by_initial)
    page["hand_groups"] = (
        None
        if hand is None
        else hand_groups(
            hand,
            discardable=controls["discardable"],
            new=_picked_card(view, my_index),
            by_letter=not page["arrange"] or not page["arrange"]["dragged"],
        )
    )

    if result:
        page["result"] = _present_result(result, view, name_of, game.num_seats)
    else:
        page["result"] = None
    return page


def _picked_card(view: dict, my_index) -> set[str]:
    """The card I just drew or took, until I discard: marked in my hand."""
    pick = view.get("last_pick")
    if my_index is not None and isinstance(pick, dict) and pick.get("seat") == my_index and pick.get("card"):
        if view.get("phase") == "discard" and view.get("turn") == my_index:
            return {pick["card"]}
    return set()


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def _present_result(result: dict, view: dict, name_of, num_seats: int) -> dict:
    winners = list(result.get("winners") or [])
    reason = result.get("reason")
    declaration = result.get("declaration")
    revealed = _revealed_hands(view)
    hands = []
    for i in range(num_seats):
        row = {
            "index": i,
            "name": name_of(i),
            "winner": i in winners,
            "groups": None,
            "declared": None,
            "discard": None,
        }
        if declaration and declaration.get("seat") == i:
            row["declared"] = [declared_group(list(g)) for g in declaration.get("groups") or []]
            if declaration.get("discard"):
                row["discard"] = card(declaration["discard"])
        elif i in revealed:
            row["groups"] = hand_groups(by_initial(revealed[i]))
        hands.append(row)
    names = [name_of(i) for i in winners]
    return {"winners": names, "reason": reason, "headline": result_headline(result, name_of), "hands": hands}
