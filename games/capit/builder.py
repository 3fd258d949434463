"""Cap-It's meld builder's buttons, each as the move view would judge what it posts now
(`tables.offers.refusal`): shown only when the cards ticked (the draft) make that move,
else, in its place, what is missing. Before the contract the one button lays the groups
A, B, C down; after it, one button each melds the ticked cards, lays them off on the meld
chosen and swaps one for the wild card chosen. The page draws them
(`capit/_go.html`), and the builder's check swaps them on every change."""

from engine.cards import as_face, face
from engine.melds import is_natural
from tables.offers import refusal

from .engine import contract_text
from .engine.contracts import CONTRACTS, GROUPS, contract_missing
from .engine.drafts import meld_label

# The builder's buttons once the contract is down, and what each says.
LABELS = {
    "lay_contract": "Lay down the contract",
    "meld": "Meld the ticked cards",
    "lay_off": "Lay off the ticked cards",
    "replace": "Put the ticked card in its place",
}


def wild_options(melds: list[dict], name_of) -> list[dict]:
    """The wild cards on the table a natural card may take the place of, as the builder's
    select offers them: {"value": "<meld index>|<card id>", "label"}."""
    return [
        {"value": f"{i}|{card}", "label": f"{face(card)} as {as_face(slot)} in {meld_label(m, name_of(m['owner']))}"}
        for i, m in enumerate(melds)
        for card, slot in zip(m["cards"], m["as"])
        if not is_natural(card, slot)
    ]


def builder_offers(game, view: dict, me: int, draft: dict | None, legal: list[dict], name_of) -> dict | None:
    """The builder's buttons on my turn after the draw: before my contract {"contract":
    offer}, the contract's lay-down; after it {"plays": {type: offer}}, to meld, to lay
    off (with a meld on the table) and to swap (with a wild card on it). An offer is
    {"type", "label", "ok", "missing", "shown"}: `ok` when what the button would post
    would be played, else `missing`: its refusal, or, when `legal` (my legal moves) has
    no lay-down of the contract, how many cards my hand is short of it. A play's
    `missing` is `shown` once a card is ticked (before, the builder's hint says what to
    do). None off my turn's plays."""
    if view["phase"] != "play" or me not in view["to_act"]:
        return None
    hand = view["hand"]
    if not view["laid"][me]:
        missing = refusal(game, me, [("type", "lay_contract"), *_contract_fields(view, hand, draft)])
        if missing and not any(m["type"] == "lay_contract" for m in legal):
            short = contract_missing(hand, view["round"])[0]
            wanted = contract_text(view["round"])
            missing = f"You are {short} card{'s' * (short != 1)} short of the contract ({wanted})."
        return {"contract": _offer("lay_contract", missing, shown=True)}
    wilds = wild_options(view["melds"], name_of)
    fields = _play_fields(view, hand, draft or {}, wilds)
    ticked = any(name == "cards" for name, _ in fields)
    shown = {"meld": True, "lay_off": bool(view["melds"]), "replace": bool(wilds)}
    return {
        "plays": {
            kind: _offer(kind, refusal(game, me, [("type", kind), *fields]), shown=ticked)
            for kind in LABELS
            if shown.get(kind)
        }
    }


def _offer(kind: str, missing: str | None, shown: bool) -> dict:
    return {"type": kind, "label": LABELS[kind], "ok": missing is None, "missing": missing, "shown": shown}


def _contract_fields(view: dict, hand: list[str], draft: dict | None) -> list[tuple[str, str]]:
    """What the builder posts before the contract: each group's kind, and the cards of my
    hand ticked into each group (only my cards have toggles)."""
    letters = GROUPS[: len(CONTRACTS[view["round"] - 1])]
    fields = [(f"kind_{letter}", kind) for letter, (kind, _) in zip(letters, CONTRACTS[view["round"] - 1])]
    groups = draft["groups"] if draft else {}
    return fields + [(letter, card) for card in hand for letter in letters if card in groups.get(letter, [])]


def _play_fields(view: dict, hand: list[str], draft: dict, wilds: list[dict]) -> list[tuple[str, str]]:
    """What the builder posts after the contract: the cards of my hand ticked, and each
    select's choice (a choice the select does not offer is no choice)."""
    ticked = set(draft.get("cards") or [])
    meld = draft.get("meld")
    wild = draft.get("wild")
    return [("cards", card) for card in hand if card in ticked] + [
        ("kind", draft.get("kind") or ""),
        ("meld", str(meld) if meld is not None and meld < len(view["melds"]) else ""),
        ("end", draft.get("end") or ""),
        ("wild", wild if wild in {option["value"] for option in wilds} else ""),
    ]
