"""Rummathon Royale groups: sets (one number), runs (consecutive numbers 1-12, any
colours, no wrap) and colour groups (one colour, any numbers), with Flex wild in all
three; and the round requirements they meet.

A group on the table keeps its cards in order, and each card takes a *slot*: its number
in a set or a run ("7"), its colour in a colour group ("R"). A Flex takes the slot the
group needs, so a Flex in a run stands for a number. Every group needs at least one
natural card; only number cards and Flex may be in a group. A group's cards as
`arrange` orders them read back to the same slots, so a table group needs no more than
its kind and its cards.

Where Flex cards go in a new run (the same ideas as Cap-It's melds, through
`engine.rummy`): if the cards as given read as a run in that order (lowest first),
that order decides; otherwise the naturals sort themselves and the Flex cards fill the
gaps, then extend the top, then the bottom.

A requirement is a list of items {"kind", "size"}: one group of that kind with at least
that many cards each, e.g. [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}].
"""

from collections import Counter

from engine.melds import MeldError
from engine.rummy import extended_start, groups_text, lay_out, start_around, start_in_order

from .cards import COLOUR_NAME, HIGH, LOW, action, colour, face, is_card, is_flex, number

KINDS = ("set", "run", "colour")
KIND_NAME = {"set": "set", "run": "run", "colour": "colour group"}
MIN_SIZE = 3
MAX_RUN = HIGH - LOW + 1  # 1 to 12
# What the natural cards of a set and of a colour group share: (the card's trait, its name).
_SHARED = {"set": (number, "number"), "colour": (colour, "colour")}

# A group or a hit that breaks the rules; `reason` says why, for the player.
GroupError = MeldError


# ---------------------------------------------------------------- one group


def arrange(cards, kind: str) -> tuple[list[str], list[str]]:
    """(cards in group order, the slot of each card) for a valid group; GroupError if not."""
    if kind not in KINDS:
        raise GroupError('Say whether the group is a "set", a "run" or a "colour" group.')
    _check_cards(cards)
    if len(cards) < MIN_SIZE:
        raise GroupError(f"A group needs at least {MIN_SIZE} cards.")
    if all(is_flex(card) for card in cards):
        raise GroupError("Every group needs at least one natural card: Flex cards are wild.")
    if kind == "run":
        return _arrange_run(list(cards))
    return _arrange_alike(list(cards), kind)


def group_problem(cards, kind: str, size: int | None = None) -> str | None:
    """Why these cards are not a group of this kind (of at least `size` cards), in words;
    None when they are."""
    try:
        arrange(cards, kind)
    except GroupError as bad:
        return bad.reason
    if size is not None and len(cards) < size:
        return f"This {KIND_NAME[kind]} needs at least {size} cards; it has {len(cards)}."
    return None


def is_group(cards, kind: str, size: int | None = None) -> bool:
    return group_problem(cards, kind, size) is None


def slot_text(slot: str) -> str:
    """A slot in words: "7", or "red" in a colour group."""
    return COLOUR_NAME.get(slot, slot)


def _check_cards(cards) -> None:
    if not isinstance(cards, (list, tuple)):
        raise GroupError("A group is a list of cards.")
    for card in cards:
        if not is_card(card):
            raise GroupError(f"There is no card {card!r}.")
        if action(card) and not is_flex(card):
            raise GroupError(f"{face(card)} cannot be in a group: only number cards and Flex can.")
    twice = [card for card, count in Counter(cards).items() if count > 1]
    if twice:
        raise GroupError(f"{face(twice[0])} ({twice[0]}) is given twice.")


def _arrange_alike(cards: list[str], kind: str) -> tuple[list[str], list[str]]:
    """A set (one number) or a colour group (one colour): every natural shares its trait."""
    trait, what = _SHARED[kind]
    naturals = [card for card in cards if not is_flex(card)]
    for card in naturals[1:]:
        if trait(card) != trait(naturals[0]):
            first = face(naturals[0])
            raise GroupError(f"A {KIND_NAME[kind]} needs cards of one {what}: {first} and {face(card)} differ.")
    return cards, [str(trait(naturals[0]))] * len(cards)


def _arrange_run(cards: list[str]) -> tuple[list[str], list[str]]:
    if len(cards) > MAX_RUN:
        raise GroupError(f"A run has at most {MAX_RUN} cards, from {LOW} to {HIGH}.")
    values = [number(card) for card in cards]  # None for a Flex
    naturals = sorted(value for value in values if value is not None)
    for a, b in zip(naturals, naturals[1:]):
        if a == b:
            raise GroupError(f"A run has one card of each number: {a} is there twice.")
    start = start_in_order(values, LOW, HIGH)
    if start is not None:
        ordered = list(cards)
    else:
        start = start_around(naturals, len(cards), LOW, HIGH)
        if start is None:
            missing = naturals[-1] - naturals[0] + 1 - len(naturals)
            flex = len(cards) - len(naturals)
            raise GroupError(
                f"{naturals[0]} and {naturals[-1]} are too far apart: the gaps need {missing} "
                f"Flex card{'s' * (missing != 1)} and there {'is' if flex == 1 else 'are'} {flex}."
            )
        ordered = lay_out(cards, values, start)
    return ordered, [str(start + k) for k in range(len(cards))]


# ---------------------------------------------------------------- hitting


def hit(group: dict, cards, end: str | None = None) -> dict:
    """The group once these cards are added to it (a copy, with its other keys kept):
    a run grows at its ends (Flex cards fill the gaps up to the new numbers, then extend
    the top, or the bottom if `end` is "low"), a set takes its number, a colour group its
    colour; Flex fits all three. GroupError if the cards do not fit."""
    ordered, slots = arrange(group["cards"], group["kind"])
    _check_cards(cards)
    if not cards:
        raise GroupError("Hit with at least one card.")
    already = [card for card in cards if card in ordered]
    if already:
        raise GroupError(f"{face(already[0])} ({already[0]}) is already in this group.")
    if group["kind"] == "run":
        new = _hit_run(ordered, slots, list(cards), end)
    else:
        trait, _ = _SHARED[group["kind"]]
        which = f"set of {slots[0]}s" if group["kind"] == "set" else f"{slot_text(slots[0])} colour group"
        for card in cards:
            if not is_flex(card) and str(trait(card)) != slots[0]:
                raise GroupError(f"{face(card)} does not fit this {which}.")
        new = ordered + list(cards)
    return {**group, "cards": new}


def hit_problem(group: dict, cards, end: str | None = None) -> str | None:
    """Why these cards cannot be added to this group, in words; None when they can."""
    try:
        hit(group, cards, end)
    except GroupError as bad:
        return bad.reason
    return None


def can_hit(group: dict, cards, end: str | None = None) -> bool:
    return hit_problem(group, cards, end) is None


def _hit_run(ordered: list[str], slots: list[str], cards: list[str], end: str | None) -> list[str]:
    lo, hi = int(slots[0]), int(slots[-1])
    size = len(ordered) + len(cards)
    if size > MAX_RUN:
        raise GroupError(f"A run has at most {MAX_RUN} cards, from {LOW} to {HIGH}.")
    naturals = []
    for card in cards:
        value = number(card)
        if value is None:
            continue
        if lo <= value <= hi or value in naturals:
            raise GroupError(f"The run already has a {value}: a run grows only at its ends.")
        naturals.append(value)
    flex = [card for card in cards if is_flex(card)]
    start = extended_start(lo, hi, naturals, len(flex), LOW, HIGH, end)
    if start is None:
        raise GroupError(f"These cards do not join the run {lo}…{hi}: a run grows only at its ends, with no gap.")
    return lay_out(ordered + cards, [int(slot) for slot in slots] + [number(card) for card in cards], start)


# ---------------------------------------------------------------- requirements


def sequence_text(requirement: list[dict]) -> str:
    """A requirement in words: "two sets of 3 and a run of 4"."""
    return groups_text([(KIND_NAME[item["kind"]], item["size"]) for item in requirement])


def meets_problem(requirement: list[dict], groups) -> str | None:
    """Why these groups ({"kind", "cards"} each) do not meet the requirement, in words;
    None when they do: one valid group per item, of its kind and at least its size, in
    any order, no card used twice."""
    wanted = sequence_text(requirement)
    if not isinstance(groups, (list, tuple)) or len(groups) != len(requirement):
        count = len(requirement)
        return f"This sequence is {wanted}: lay exactly {count} group{'s' * (count != 1)}."
    seen: set[str] = set()
    for k, group in enumerate(groups, 1):
        if not isinstance(group, dict) or not {"kind", "cards"} <= set(group):
            return f"Group {k} needs a kind and its cards."
        problem = group_problem(group["cards"], group["kind"])
        if problem:
            return f"Group {k}: {problem}"
        for card in group["cards"]:
            if card in seen:
                return f"{face(card)} ({card}) is in two groups."
            seen.add(card)
    if _match(requirement, groups):
        return None
    if [group["kind"] for group in groups] == [item["kind"] for item in requirement]:
        for k, (item, group) in enumerate(zip(requirement, groups), 1):
            if len(group["cards"]) < item["size"]:
                return f"Group {k} needs {item['size']} cards: this sequence is {wanted}."
    return f"This sequence is {wanted}, not {sequence_text([_item(group) for group in groups])}."


def meets(requirement: list[dict], groups) -> bool:
    return meets_problem(requirement, groups) is None


def _item(group: dict) -> dict:
    return {"kind": group["kind"], "size": len(group["cards"])}


def _match(requirement: list[dict], groups) -> bool:
    """Whether the valid groups match the items one to one: per kind, the largest group
    against the largest item, and so on down."""
    for kind in KINDS:
        want = sorted((item["size"] for item in requirement if item["kind"] == kind), reverse=True)
        have = sorted((len(group["cards"]) for group in groups if group["kind"] == kind), reverse=True)
        if len(want) != len(have) or any(got < least for got, least in zip(have, want)):
            return False
    return True
