"""The group builder's drafts judged by the rules: which groups a player put together
make a valid set, run or colour group (and the engine's reason when not), whether they
make the player's next sequence (with a burden's group), and whether they can be laid
now: after the draw, or before it by taking the discard pile's top card with them. The
page only shows these lines.

A draft is what the builder holds: {"groups": [cards of group 1, …, group MAX_GROUPS],
"kinds": [kind of each group or None], "burden": the burden's group (1..MAX_GROUPS) or
None}; anything the form could not read is None or empty, and empty groups are ignored.
"""

from .cards import face, is_card, is_flex
from .groups import KIND_NAME, arrange, group_problem, meets_problem, sequence_text, slot_text
from .rules import BURDEN_GROUP, burden_group, view_requirement

MAX_GROUPS = 6  # the builder's groups: more than a sequence and a burden's group ever need


def empty_draft() -> dict:
    return {"groups": [[] for _ in range(MAX_GROUPS)], "kinds": [None] * MAX_GROUPS, "burden": None}


def shown(cards: list[str], slots: list[str]) -> str:
    """ "R3 R4 Flex(5) G6": each Flex with what it stands for."""
    return " ".join(
        f"{face(card)}({slot_text(slot)})" if is_flex(card) else face(card) for card, slot in zip(cards, slots)
    )


def group_text(kind: str, size: int) -> str:
    """ "a run of 4", "a colour group of 3"."""
    return f"a {KIND_NAME[kind]} of {size}"


def takeable_top(view: dict, me: int) -> str | None:
    """The discard pile's top card when `me` may still take it to lay down with it: my
    turn in play, before the draw."""
    if view["phase"] != "play" or view["turn"] != me or view["drawn"]:
        return None
    return view.get("discard_top")


def check_draft(view: dict, draft: dict, me: int) -> list[dict]:
    """What the builder's groups make, line by line: {"ok", "text"} (ok None: nothing to
    judge yet, or not finished). `view` is `me`'s own view: only my hand (and the discard
    pile's top card, while I may take it) counts as held; every rule is the engine's."""
    hand = set(view.get("hand") or [])
    top = takeable_top(view, me)
    held = hand | {top} if top else hand
    lines = []
    filled = [(n, cards, kind) for n, (cards, kind) in enumerate(zip(draft["groups"], draft["kinds"]), 1) if cards]

    first_group: dict[str, int] = {}
    for n, cards, _ in filled:
        for card in cards:
            if card in first_group:
                lines.append(
                    _bad(f"{_named(card)} is in groups {first_group[card]} and {n}: a card goes in one group.")
                )
            first_group.setdefault(card, n)

    valid = []
    for n, cards, kind in filled:
        missing = next((card for card in cards if card not in held), None)
        if missing is not None:
            lines.append(_bad(f"Group {n}: you do not hold {_named(missing)}."))
        elif kind is None:
            lines.append(_bad(f"Group {n}: say whether it is a set, a run or a colour group."))
        else:
            problem = group_problem(cards, kind)
            if problem:
                lines.append(_bad(f"Group {n} is not a valid {KIND_NAME[kind]}: {problem}"))
            else:
                ordered, slots = arrange(cards, kind)
                lines.append(_ok(f"Group {n}: {group_text(kind, len(cards))} — OK: {shown(ordered, slots)}."))
                valid.append({"kind": kind, "cards": cards, "burden": n == draft["burden"], "number": n})

    requirement = view_requirement(view, me)
    if requirement is None:
        lines.append(_note("You have no further sequence to lay this round."))
    elif not filled:
        lines.append(_note(f"Tick cards into the groups to build {wanted_text(view, me, requirement)}."))
    elif len(valid) == len(filled) and len(first_group) == sum(len(cards) for _, cards, _ in filled):
        lines.append(_sequence_line(view, me, requirement, valid, top))
    return lines


def _sequence_line(view: dict, me: int, requirement: list[dict], groups: list[dict], top: str | None) -> dict:
    """Whether these valid groups (no card twice, all held) make my next sequence, and
    how to lay them down now."""
    wanted = wanted_text(view, me, requirement)
    burden = _burden_item(view, me)
    sequence = requirement[:-1] if burden else requirement
    plain = [{"kind": g["kind"], "cards": g["cards"]} for g in groups]
    if len(groups) < len(requirement):
        if burden and meets_problem(sequence, plain) is None:
            return _note(
                f"These groups make your sequence ({sequence_text(sequence)}), but your burden adds "
                f"{group_text(burden['kind'], burden['size'])}: build it too."
            )
        more = len(requirement) - len(groups)
        return _note(f"So far so good: {more} more group{'s' * (more != 1)} to build for {wanted}.")
    problem = meets_problem(requirement, plain)
    if problem:
        return _bad(problem)
    which = ""
    if burden:
        index = burden_group(sequence, burden, groups)
        if index is None:  # only with a group marked: else one of the groups meeting the whole is the burden's
            marked = next(g["number"] for g in groups if g["burden"])
            return _bad(
                f"Group {marked} is marked as the burden's: it must be {group_text(burden['kind'], burden['size'])} "
                f"or more, and the other groups your sequence ({sequence_text(sequence)})."
            )
        which = f" (group {groups[index]['number']} is the burden's)"
    used = {card for group in groups for card in group["cards"]}
    if view["phase"] != "play" or view["turn"] != me:
        how = "lay them down on your turn"
    elif view["drawn"]:
        how = "lay them down"
    elif top in used:
        how = f"take the {face(top)} from the discard pile and lay them down"
    else:
        how = "draw, then lay them down"
    return _ok(f"These groups make {wanted}{which}: {how}.")


def _burden_item(view: dict, me: int) -> dict | None:
    """The group my burden adds to my next lay-down, if it does."""
    burden = view["burdens"][me]
    return BURDEN_GROUP[burden["kind"]] if burden and view["down"][me] == 0 else None


def wanted_text(view: dict, me: int, requirement: list[dict]) -> str:
    """ "your sequence (two sets of 3)", with the burden's group when it adds one."""
    burden = _burden_item(view, me)
    if not burden:
        return f"your sequence ({sequence_text(requirement)})"
    return (
        f"your sequence ({sequence_text(requirement[:-1])}) and your burden's "
        f"{KIND_NAME[burden['kind']]} of {burden['size']}"
    )


def _named(card: str) -> str:
    """ "Y7 (Y7:0)"; a forged id as it came."""
    return f"{face(card)} ({card})" if is_card(card) else repr(card)


def _ok(text: str) -> dict:
    return {"ok": True, "text": text}


def _bad(text: str) -> dict:
    return {"ok": False, "text": text}


def _note(text: str) -> dict:
    return {"ok": None, "text": text}
