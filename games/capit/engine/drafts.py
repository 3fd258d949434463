"""The meld builder's drafts judged by the rules: which groups a player put together
make a valid set or run (and why not), whether they make the round's contract, and
whether a lay-off or a swap of a wild card fits. The page only shows these lines.

A draft is what the builder holds: {"groups": {letter: [cards]}, "kinds": {letter:
kind}, "cards": [ticked cards], "kind", "meld" (a table meld's index), "end", "wild"
("<meld index>|<card id>")}; anything the form could not read is None or empty.
"""

from games.engine.cards import as_face, face
from games.engine.melds import MeldError, arrange, extend, is_natural, meld_problem

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
    lines = []

    def held(cards, label):
        for card in cards:
            if card not in hand:
                lines.append({"ok": False, "text": f"{label}: you do not hold the {_safe_face(card)} ({card})."})
                return False
        return True

    groups = [(letter, draft["groups"][letter], draft["kinds"][letter]) for letter in GROUPS if draft["groups"][letter]]
    built = []
    seen: dict[str, str] = {}
    for letter, cards, kind in groups:
        label = f"Group {letter}"
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
        if not held(cards, label):
            continue
        if kind is None:
            lines.append({"ok": False, "text": f"{label}: say whether it is a set or a run."})
            continue
        problem = meld_problem(cards, kind)
        if problem:
            lines.append({"ok": False, "text": f"{label} is not a valid {kind}: {problem}"})
            continue
        ordered, slots = arrange(cards, kind)
        lines.append({"ok": True, "text": f"{label}: valid {kind} — {shown(ordered, slots)}."})
        built.append((kind, len(cards)))
    if groups and len(built) == len(groups) and len(seen) == sum(len(c) for _, c, _ in groups):
        number = view["round"]
        problem = contract_problem(built, number)
        if problem is None:
            lines.append(
                {"ok": True, "text": f"These groups make the contract ({contract_text(number)}): lay them down."}
            )
        elif len(built) < len(CONTRACTS[number - 1]):
            lines.append({"ok": None, "text": f"So far so good: the contract is {contract_text(number)}."})
        else:
            lines.append({"ok": False, "text": problem})

    cards = draft["cards"]
    if cards and held(cards, "Ticked cards"):
        if draft["kind"]:
            problem = meld_problem(cards, draft["kind"])
            if problem:
                lines.append({"ok": False, "text": f"Not a valid {draft['kind']}: {problem}"})
            else:
                ordered, slots = arrange(cards, draft["kind"])
                lines.append({"ok": True, "text": f"Valid {draft['kind']} — {shown(ordered, slots)}."})
        melds = view.get("melds") or []
        if draft["meld"] is not None and draft["meld"] < len(melds):
            meld = melds[draft["meld"]]
            target = meld_label(meld, name_of(meld["owner"]))
            try:
                ordered, slots = extend(meld, cards, draft["end"])
            except MeldError as bad:
                lines.append({"ok": False, "text": f"Lay-off on {target}: {bad.reason}"})
            else:
                lines.append({"ok": True, "text": f"Lay-off on {target} fits: {shown(ordered, slots)}."})
        wild = _draft_wild(draft, melds)
        if wild is not None:
            index, card_on_table, slot = wild
            target = meld_label(melds[index], name_of(melds[index]["owner"]))
            if len(cards) != 1:
                lines.append({"ok": False, "text": "To swap a wild card, tick exactly one card of your hand."})
            elif is_natural(card_on_table, slot):
                lines.append({"ok": False, "text": f"The {face(card_on_table)} in {target} is natural there."})
            elif not is_natural(cards[0], slot):
                lines.append(
                    {
                        "ok": False,
                        "text": f"The {face(card_on_table)} in {target} stands for "
                        f"{as_face(slot)}: your {face(cards[0])} cannot replace it.",
                    }
                )
            else:
                lines.append(
                    {
                        "ok": True,
                        "text": f"Swap: your {face(cards[0])} takes the place of the "
                        f"{face(card_on_table)} in {target}; then use the "
                        f"{face(card_on_table)} in another meld this turn.",
                    }
                )
    if not lines:
        if not view["laid"][seat]:
            lines.append({"ok": None, "text": "Tick cards into the groups to build your contract."})
        elif draft["cards"]:
            lines.append({"ok": None, "text": "Now choose a set or a run to meld them, or a meld to lay them off on."})
        else:
            lines.append({"ok": None, "text": "Tick cards to build a meld or a lay-off."})
    return lines


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
