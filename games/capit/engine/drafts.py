"""The meld builder's drafts judged by the rules: which groups a player put together
make a valid set or run (and why not), whether they make the round's contract, and
whether a lay-off or a swap of a wild card fits. The page only shows these lines.

A draft is what the builder holds: {"groups": {letter: [cards]}, "kinds": {letter:
kind}, "cards": [ticked cards], "kind", "meld" (a table meld's index), "end", "wild"
("<meld index>|<card id>")}; anything the form could not read is None or empty.
"""

from engine.cards import as_face, face
from engine.melds import MeldError, arrange, extend, is_natural, meld_problem

from .contracts import CONTRACTS, GROUPS, contract_problem, contract_text

RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}


def shown(cards, slots) -> str:
    """ "5♥ 6♥ Joker(7♥)": each wild card with what it stands for."""
    return " ".join(
        face(card) if is_natural(card, slot) else f"{face(card)}({as_face(slot)})" for card, slot in zip(cards, slots)
    )


def meld_label(meld: dict, owner: str | None = None) -> str:
    """ "Bob's run 5♥…8♥", "Bob's set of 7s"."""
    if meld["kind"] == "run":
        text = f"run {as_face(meld['as'][0])}…{as_face(meld['as'][-1])}"
    else:
        rank = meld["as"][0]
        text = f"set of {RANK_WORDS.get(rank, rank + 's')}"
    return f"{owner}’s {text}" if owner else text


def check_draft(view: dict, draft: dict, name_of, seat: int) -> list[dict]:
    """What the builder's groups and ticked cards make, line by line: {"ok", "text"}
    (ok None: nothing to judge yet). `view` is `seat`'s own view: only its hand counts as
    held; every rule is the engine's."""
    hand = set(view.get("hand") or [])
    lines = _group_lines(view, draft, hand)
    if draft["cards"]:
        lines += _ticked_lines(view, draft, hand, name_of)
    return lines or [_next_step(view, draft, seat)]


def _not_held(cards: list[str], hand: set[str], label: str) -> list[dict]:
    """A line about the first of `cards` that is not in my hand, or none."""
    for card in cards:
        if card not in hand:
            return [{"ok": False, "text": f"{label}: you do not hold the {_safe_face(card)} ({card})."}]
    return []


# ---------------------------------------------------------------- the contract's groups


def _group_lines(view: dict, draft: dict, hand: set[str]) -> list[dict]:
    """A line per group the builder holds (after any card put in two groups), then whether
    they make the round's contract, once every group is a valid meld of its own cards."""
    groups = [(letter, draft["groups"][letter], draft["kinds"][letter]) for letter in GROUPS if draft["groups"][letter]]
    lines, built = [], []
    seen: dict[str, str] = {}
    for letter, cards, kind in groups:
        for card in cards:
            if card in seen:
                lines.append(
                    {
                        "ok": False,
                        "text": f"The {_safe_face(card)} is in groups {seen[card]} and {letter}: "
                        "a card goes in one meld.",
                    }
                )
            seen.setdefault(card, letter)
        line = _group_line(f"Group {letter}", cards, kind, hand)
        lines.append(line)
        if line["ok"]:
            built.append((kind, len(cards)))
    if groups and len(built) == len(groups) and len(seen) == sum(len(c) for _, c, _ in groups):
        lines.append(_contract_line(built, view["round"]))
    return lines


def _group_line(label: str, cards: list[str], kind: str | None, hand: set[str]) -> dict:
    """Whether one group is a valid meld of the kind it says, and how it reads."""
    missing = _not_held(cards, hand, label)
    if missing:
        return missing[0]
    if kind is None:
        return {"ok": False, "text": f"{label}: say whether it is a set or a run."}
    problem = meld_problem(cards, kind)
    if problem:
        return {"ok": False, "text": f"{label} is not a valid {kind}: {problem}"}
    ordered, slots = arrange(cards, kind)
    return {"ok": True, "text": f"{label}: valid {kind} — {shown(ordered, slots)}."}


def _contract_line(built: list[tuple[str, int]], number: int) -> dict:
    """Whether valid groups (kind, size) make round `number`'s contract, or may yet."""
    problem = contract_problem(built, number)
    if problem is None:
        return {"ok": True, "text": f"These groups make the contract ({contract_text(number)}): lay them down."}
    if len(built) < len(CONTRACTS[number - 1]):
        return {"ok": None, "text": f"So far so good: the contract is {contract_text(number)}."}
    return {"ok": False, "text": problem}


# ---------------------------------------------------------------- the ticked cards


def _ticked_lines(view: dict, draft: dict, hand: set[str], name_of) -> list[dict]:
    """What the ticked cards make: a meld of the kind chosen, a lay-off on the meld
    chosen, a swap for the wild card chosen (each only when chosen)."""
    cards = draft["cards"]
    missing = _not_held(cards, hand, "Ticked cards")
    if missing:
        return missing
    lines = []
    if draft["kind"]:
        problem = meld_problem(cards, draft["kind"])
        if problem:
            lines.append({"ok": False, "text": f"Not a valid {draft['kind']}: {problem}"})
        else:
            ordered, slots = arrange(cards, draft["kind"])
            lines.append({"ok": True, "text": f"Valid {draft['kind']} — {shown(ordered, slots)}."})
    melds = view.get("melds") or []
    if draft["meld"] is not None and draft["meld"] < len(melds):
        lines.append(_lay_off_line(melds[draft["meld"]], cards, draft["end"], name_of))
    wild = _draft_wild(draft, melds)
    if wild is not None:
        index, card_on_table, slot = wild
        target = meld_label(melds[index], name_of(melds[index]["owner"]))
        lines.append(_swap_line(cards, card_on_table, slot, target))
    return lines


def _lay_off_line(meld: dict, cards: list[str], end, name_of) -> dict:
    target = meld_label(meld, name_of(meld["owner"]))
    try:
        ordered, slots = extend(meld, cards, end)
    except MeldError as bad:
        return {"ok": False, "text": f"Lay-off on {target}: {bad.reason}"}
    return {"ok": True, "text": f"Lay-off on {target} fits: {shown(ordered, slots)}."}


def _swap_line(cards: list[str], card_on_table: str, slot: str, target: str) -> dict:
    """Whether my one ticked card may take the place of the wild `card_on_table`."""
    if len(cards) != 1:
        return {"ok": False, "text": "To swap a wild card, tick exactly one card of your hand."}
    if is_natural(card_on_table, slot):
        return {"ok": False, "text": f"The {face(card_on_table)} in {target} is natural there."}
    if not is_natural(cards[0], slot):
        return {
            "ok": False,
            "text": f"The {face(card_on_table)} in {target} stands for "
            f"{as_face(slot)}: your {face(cards[0])} cannot replace it.",
        }
    return {
        "ok": True,
        "text": f"Swap: your {face(cards[0])} takes the place of the "
        f"{face(card_on_table)} in {target}; then use the "
        f"{face(card_on_table)} in another meld this turn.",
    }


def _next_step(view: dict, draft: dict, seat: int) -> dict:
    """With nothing to judge: what to do next."""
    if not view["laid"][seat]:
        return {"ok": None, "text": "Tick cards into the groups to build your contract."}
    if draft["cards"]:
        return {"ok": None, "text": "Now choose a set or a run to meld them, or a meld to lay them off on."}
    return {"ok": None, "text": "Tick cards to build a meld or a lay-off."}


def _safe_face(card: str) -> str:
    try:
        return face(card)
    except (KeyError, IndexError):
        return card


def _draft_wild(draft: dict, melds: list) -> tuple[int, str, str] | None:
    number, bar, card = (draft.get("wild") or "").rpartition("|")
    if not bar or not number.isdigit() or int(number) >= len(melds):
        return None
    meld = melds[int(number)]
    if card not in meld["cards"]:
        return None
    return int(number), card, meld["as"][meld["cards"].index(card)]
