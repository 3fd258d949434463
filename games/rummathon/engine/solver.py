"""The Rummathon solver: groups in a hand that meet a requirement, with as few Flex
cards as it can, for the bots and the page's suggestion.

It works on counts: natural cards per (colour, number) and a number of Flex cards.
Runs and sets care only about numbers and colour groups only about colours, so the
search first fixes the colour of each colour group (every choice), then places the runs
(windows of numbers) and the sets (one number each, all the naturals they can use or
fewer) branch-and-bound, cheapest in Flex first, taking their cards from the colours no
colour group wants where it can; the colour groups then take what is left of their
colour, leaving a natural card for each later colour group of the same colour. Once the requirement is met the
groups grow with the natural cards left over (runs at their ends, sets by number, colour
groups by colour) while at least one card stays in hand to discard. It is good rather
than exhaustive: a hand where only an unusual split works may be missed; `meets`
accepts any valid arrangement a player builds.
"""

from itertools import product

from .cards import COLOURS, HIGH, LOW, action, colour, is_flex, number
from .groups import arrange

_KIND_ORDER = {"run": 0, "set": 1, "colour": 2}  # the search places runs first, colour groups last
_NUMBERS = range(LOW, HIGH + 1)


class _Hand:
    """A hand as the solver sees it: natural cards per (colour index, number), and Flex."""

    def __init__(self, cards: list[str]):
        self.counts = [[0] * (HIGH + 1) for _ in COLOURS]
        self.ids: dict[tuple[int, int], list[str]] = {}
        self.flex = sorted(card for card in cards if is_flex(card))
        for card in sorted(cards):
            if action(card):
                continue
            key = (COLOURS.index(colour(card)), number(card))
            self.counts[key[0]][key[1]] += 1
            self.ids.setdefault(key, []).append(card)


class _Plan:
    """The cheapest layout found: per item (in requirement order) the natural cards it
    takes as (colour index, number), and the places Flex cards must fill."""

    def __init__(self, picks: list[list[tuple[int, int]]], fill: int, empty: int):
        self.picks, self.fill, self.empty = picks, fill, empty


def _search(hand: _Hand, requirement: list[dict], allow_empty: bool, budget: int | None = None) -> _Plan | None:
    """The plan needing the fewest Flex places, at most `budget` of them if given (None
    if there is none; without `allow_empty` also if some item finds no natural card,
    with it such an item costs all its places)."""
    order = sorted(range(len(requirement)), key=lambda i: _search_order(requirement[i]))
    placed = [i for i in order if requirement[i]["kind"] != "colour"]
    coloured = [i for i in order if requirement[i]["kind"] == "colour"]
    counts = hand.counts
    best: list[_Plan] = []
    # Without a budget, any plan beats one filling every place with Flex and one more.
    ceiling = sum(item["size"] for item in requirement) + 1 if budget is None else budget + 1

    def bound() -> int:
        """A plan must need fewer Flex places than this to be worth finding."""
        return min(best[0].fill, ceiling) if best else ceiling

    picks: list[list[tuple[int, int]]] = [[] for _ in requirement]

    def colour_groups(fill: int, empty: int, chosen: tuple[int, ...]) -> None:
        taken = []
        for j, (i, c) in enumerate(zip(coloured, chosen)):
            size = requirement[i]["size"]
            row = counts[c]
            # Leave one natural card for each colour group of this colour still to fill.
            later = chosen[j + 1 :].count(c)
            want = min(size, max(1, sum(row) - later))
            got = []
            for n in sorted(_NUMBERS, key=lambda n: -row[n]):
                while row[n] and len(got) < want:
                    row[n] -= 1
                    got.append((c, n))
            taken.extend(got)
            picks[i] = got
            fill += size - len(got)
            if not got:
                if not allow_empty:
                    break
                empty += 1
        else:
            if fill < bound():
                best[:] = [_Plan([list(p) for p in picks], fill, empty)]
        for c, n in taken:
            counts[c][n] += 1

    def take(n: int, avoid: tuple[int, ...]) -> tuple[int, int] | None:
        """One natural card of number n: from a colour no colour group wants if possible,
        the colour with the most copies left first."""
        options = [c for c in range(len(COLOURS)) if counts[c][n]]
        if not options:
            return None
        c = min(options, key=lambda c: (c in avoid, -counts[c][n]))
        counts[c][n] -= 1
        return c, n

    def place(k: int, fill: int, empty: int, floor: int, chosen: tuple[int, ...]) -> None:
        if fill >= bound():
            return
        if k == len(placed):
            colour_groups(fill, empty, chosen)
            return
        i = placed[k]
        kind, size = requirement[i]["kind"], requirement[i]["size"]
        same = k > 0 and requirement[placed[k - 1]] == requirement[i]
        sets_later = any(requirement[j]["kind"] == "set" for j in placed[k + 1 :])
        for cost, first, left_out in _candidates(counts, kind, size, sets_later):
            if same and first < floor:
                continue
            if fill + cost >= bound():
                break
            # A set takes as many naturals as its cost leaves, and a run may leave one of its
            # numbers to a Flex: fewer naturals may leave a card that a later set needs.
            numbers = (
                [n for n in range(first, first + size) if n != left_out] if kind == "run" else [first] * (size - cost)
            )
            got = [card for card in (take(n, chosen) for n in numbers) if card]
            picks[i] = got
            place(k + 1, fill + cost, empty, first, chosen)
            for c, n in got:
                counts[c][n] += 1
            if best and best[0].fill == 0:
                return
        if allow_empty:
            picks[i] = []
            place(k + 1, fill + size, empty + 1, floor, chosen)

    # Colour groups alike in size take colours in order, so no choice is tried twice.
    for chosen in product(range(len(COLOURS)), repeat=len(coloured)):
        if any(
            requirement[a] == requirement[b] and ca > cb
            for (a, ca), (b, cb) in zip(zip(coloured, chosen), zip(coloured[1:], chosen[1:]))
        ):
            continue
        place(0, 0, 0, 0, chosen)
        if best and best[0].fill == 0:
            break
    return best[0] if best else None


def _search_order(item: dict) -> tuple[int, int]:
    return _KIND_ORDER[item["kind"]], -item["size"]


def _candidates(counts: list[list[int]], kind: str, size: int, sets_later: bool = False) -> list[tuple]:
    """(Flex places needed, first number, a number the run leaves to a Flex or None) of
    every run window or set number holding a natural card, cheapest first. A set is offered
    with each number of naturals it can take, fewest Flex first, and with `sets_later` a
    run also without each of its naturals: taking fewer can leave a card a later set needs."""
    have = [0] * (HIGH + 1)
    for row in counts:
        for n in _NUMBERS:
            have[n] += row[n]
    out = []
    if kind == "set":
        for n in _NUMBERS:
            for naturals in range(min(size, have[n]), 0, -1):
                out.append((size - naturals, n, None))
    else:
        for first in range(LOW, HIGH - size + 2):
            present = [n for n in range(first, first + size) if have[n]]
            if present:
                out.append((size - len(present), first, None))
            if sets_later and len(present) > 1:
                out.extend((size - len(present) + 1, first, n) for n in present)
    out.sort(key=lambda candidate: candidate[:2])
    return out


def find_sequence(hand: list[str], requirement: list[dict], grow: bool = True) -> list[dict] | None:
    """Groups ({"kind", "cards"}, in the requirement's order) from this hand that meet the
    requirement, using as few Flex cards as the search finds; None if it finds none.
    With `grow` the groups take the natural cards left over that fit them (keeping one
    card to discard); without, they hold only the cards the requirement needs."""
    cards = _Hand(hand)
    plan = _search(cards, requirement, allow_empty=False, budget=len(cards.flex))
    if plan is None:
        return None
    ids = {key: list(value) for key, value in cards.ids.items()}
    flex = list(cards.flex)
    groups = []
    for item, picked in zip(requirement, plan.picks):
        chosen = [ids[key].pop() for key in picked]
        chosen += [flex.pop(0) for _ in range(item["size"] - len(chosen))]
        groups.append({"kind": item["kind"], "cards": chosen})
    if grow:
        _grow(groups, ids, len(hand) - sum(len(group["cards"]) for group in groups))
    return [{"kind": group["kind"], "cards": arrange(group["cards"], group["kind"])[0]} for group in groups]


def _grow(groups: list[dict], ids: dict[tuple[int, int], list[str]], left: int) -> None:
    """Add the natural cards left over to the groups they fit, keeping one card in hand."""
    for group in groups:
        if left <= 1:
            return
        arranged, slots = arrange(group["cards"], group["kind"])
        if group["kind"] == "run":
            lo, hi = int(slots[0]), int(slots[-1])
            while left > 1 and hi < HIGH and (card := _pop_number(ids, hi + 1)):
                arranged.append(card)
                hi, left = hi + 1, left - 1
            while left > 1 and lo > LOW and (card := _pop_number(ids, lo - 1)):
                arranged.insert(0, card)
                lo, left = lo - 1, left - 1
        else:  # a set takes its number, a colour group its colour
            index, value = (1, int(slots[0])) if group["kind"] == "set" else (0, COLOURS.index(slots[0]))
            for key, pile in ids.items():
                while left > 1 and pile and key[index] == value:
                    arranged.append(pile.pop())
                    left -= 1
        group["cards"] = arranged


def _pop_number(ids: dict[tuple[int, int], list[str]], n: int) -> str | None:
    for c in range(len(COLOURS)):
        if ids.get((c, n)):
            return ids[(c, n)].pop()
    return None


def shortfall(hand: list[str], requirement: list[dict]) -> int:
    """How many more cards this hand needs before it can meet the requirement (0 when
    `find_sequence` finds it): Flex places beyond its Flex cards, and at least one natural
    card for each group that has none yet."""
    cards = _Hand(hand)
    if _search(cards, requirement, allow_empty=False, budget=len(cards.flex)):
        return 0
    plan = _search(cards, requirement, allow_empty=True)
    return max(plan.empty, plan.fill - len(cards.flex), 1)
