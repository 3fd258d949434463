"""Capitalla declarations: which groups are valid, and whether a hand can be laid out.

The search works on letters, not cards. A hand becomes counts of natural cards per
letter plus a number of jokers (a card with several capitals is tried in each role
that can matter), a memoised search splits the counts into groups, and the
letter-level groups are then filled with the hand's card ids.

It only builds *canonical* groups, the smallest that hold their naturals:
- a same-letter group of 1 to 5 naturals, topped up with jokers to 3 cards;
- a mixed group of at most 5 letters from a natural to a natural, holding at least
  two naturals and jokers in its gaps, plus one joker at an end if it is only two long.
Any declaration shrinks to canonical groups plus spare jokers, and grows back: 3 or
more spares make a pure group of their own; 1 or 2 join an impure group, or one of
two pure groups. So the search only tracks, per *status* of the groups it built (none
pure, impure only, one pure, room for spares), the fewest jokers they need.
"""

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product
from string import ascii_uppercase

from .cards import CARDS, JOKER_LETTER, Card

LETTERS = ascii_uppercase
MIN_GROUP = 3
_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
_JOKER = -1  # the role of a card acting as a joker
# The caches hold tuples only, so no caller can change a cached answer.
Groups = tuple[tuple[str, ...], ...]
# A hand at the letter level: natural cards per letter, jokers, and the roles of each
# card with a choice (several capitals), sorted.
LetterHand = tuple[bytes, int, tuple[tuple[int, ...], ...]]
# A group of 6+ cards is never needed: cut in two groups of 3+, it stays valid, and
# its halves are pure if it was (same letter) or both impure (mixed).
_MAX_SIZE = 2 * MIN_GROUP - 1

# Search status: what the groups built so far allow the spare jokers to do.
_NO_PURE, _IMPURE_ONLY, _ONE_PURE, _ROOMY = range(4)
_COMBINE = (  # the status of two sets of groups taken together
    (_NO_PURE, _IMPURE_ONLY, _ONE_PURE, _ROOMY),
    (_IMPURE_ONLY, _IMPURE_ONLY, _ROOMY, _ROOMY),
    (_ONE_PURE, _ROOMY, _ROOMY, _ROOMY),
    (_ROOMY, _ROOMY, _ROOMY, _ROOMY),
)
_NEVER = 99  # the joker cost of a status no grouping reaches
_NO_COSTS = bytes((_NEVER,) * 4)
_EMPTY_COSTS = bytes((0, _NEVER, _NEVER, _NEVER))  # no groups: no pure one, no joker


class InvalidGroup(ValueError):
    """A group that breaks the rules; `reason` says why, for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def label(card: Card) -> str:
    """How a card is named to players: "France (Paris)"; "Holy See (Vatican City)" names
    its capital already."""
    named = f"({card.capital_label})"
    return card.name if card.name.endswith(named) else f"{card.name} {named}"


# ---------------------------------------------------------------- single groups


def group_kind(ids: Iterable[str]) -> tuple[str, bool]:
    """("same", pure) or ("mixed", False) for a valid group of known cards.

    Raises InvalidGroup, naming the card that spoils the closest valid reading."""
    cards = [CARDS[i] for i in ids]
    if len(cards) < MIN_GROUP:
        raise InvalidGroup(f"A group needs at least {MIN_GROUP} cards, not {len(cards)}.")
    tame = [c for c in cards if not c.is_joker]
    if not tame:
        return "same", True
    if frozenset.intersection(*(c.letters for c in tame)):
        return "same", bool(frozenset.intersection(*(c.letters for c in cards)))
    if any(len(_matching(tame, start, len(cards))) == len(tame) for start in _starts(len(cards))):
        return "mixed", False
    raise InvalidGroup(_misfit(cards, tame))


def _starts(size: int) -> range:
    return range(len(LETTERS) - size + 1)


def _matching(tame: list[Card], start: int, size: int) -> dict[int, int]:
    """Most tame cards placed on distinct letters start..start+size-1: {letter: card}."""
    owner: dict[int, int] = {}

    def place(k: int, seen: set[int]) -> bool:
        for letter in (_INDEX[x] for x in tame[k].letters):
            if start <= letter < start + size and letter not in seen:
                seen.add(letter)
                if letter not in owner or place(owner[letter], seen):
                    owner[letter] = k
                    return True
        return False

    for k in range(len(tame)):
        place(k, set())
    return owner


def _misfit(cards: list[Card], tame: list[Card]) -> str:
    """Name the first card that spoils the group's closest valid reading."""
    jokers = len(cards) - len(tame)
    readings = []  # (cards fitting, prefer, misfit, group name)
    for letter in sorted({x for c in tame for x in c.letters}):
        fitting = [c for c in cards if c.is_joker or letter in c.letters]
        misfit = next(c for c in cards if c not in fitting)
        readings.append((len(fitting), 2, misfit, letter))
    for start in _starts(len(cards)):
        owner = _matching(tame, start, len(cards))
        misfit = next(c for k, c in enumerate(tame) if k not in owner.values())
        name = "-".join(LETTERS[start : start + len(cards)])
        readings.append((len(owner) + jokers, int(start in owner), misfit, name))
    _, _, misfit, name = max(readings, key=lambda r: r[:2])
    return f"{label(misfit)} does not fit a {name} group."


def run_roles(ids: list[str]) -> dict[str, str] | None:
    """For a mixed group: the letter each card stands for, as many naturals as possible
    (found first) and jokers filling the gaps; None if the cards make no run. The page
    shows a declared group with these roles."""
    n = len(ids)
    for start in range(len(LETTERS) - n + 1):
        run = LETTERS[start : start + n]
        owner: dict[str, str] = {}  # letter -> card

        def place(cid: str, seen: set, wild: bool, run=run, owner=owner) -> bool:
            letters = CARDS[cid].letters
            for x in run:
                if (x in letters or (wild and JOKER_LETTER in letters)) and x not in seen:
                    seen.add(x)
                    if x not in owner or place(owner[x], seen, wild):
                        owner[x] = cid
                        return True
            return False

        for cid in ids:
            place(cid, set(), False)
        for cid in ids:
            if cid not in owner.values() and not place(cid, set(), True):
                break
        if len(owner) == n:
            return {cid: x for x, cid in owner.items()}
    return None


# ---------------------------------------------------------------- whole hands


def can_declare(ids: Iterable[str]) -> bool:
    """Whether these cards (13 in play) split into valid groups, at least one pure."""
    return _arrange(tuple(sorted(ids))) is not None


def arrange(ids: Iterable[str]) -> list[list[str]] | None:
    """The groups of a valid declaration of these cards, or None if there is none."""
    groups = _arrange(tuple(sorted(ids)))
    return None if groups is None else [list(g) for g in groups]


def find_declaration(ids: Iterable[str]) -> tuple[str, list[list[str]]] | None:
    """(discard, groups) for a hand (14 cards in play) that can declare, or None."""
    found = _find_declaration(tuple(sorted(ids)))
    return None if found is None else (found[0], [list(g) for g in found[1]])


@lru_cache(maxsize=4096)
def _find_declaration(ids: tuple[str, ...]) -> tuple[str, Groups] | None:
    hand = _letter_hand(ids)
    if not _pure_possible(*hand):
        return None  # no 13 of these 14 cards can hold a pure group either
    tried = set()
    for discard in ids:
        if _ROLES[discard] not in tried:
            tried.add(_ROLES[discard])
            solution = _solve(*_without(hand, _ROLES[discard]))
            if solution is not None:
                kept = tuple(i for i in ids if i != discard)
                return discard, _groups_of(kept, *solution)
    return None


@lru_cache(maxsize=4096)
def _arrange(ids: tuple[str, ...]) -> Groups | None:
    solution = _solve(*_letter_hand(ids))
    return None if solution is None else _groups_of(ids, *solution)


def _roles(card: Card) -> tuple[int, ...]:
    """The letters a card may stand for as a natural, plus _JOKER if it may be wild."""
    naturals = tuple(sorted(_INDEX[x] for x in card.letters if x != JOKER_LETTER))
    return ((_JOKER,) + naturals) if card.is_joker else naturals


_ROLES = {card_id: _roles(card) for card_id, card in CARDS.items()}


def _letter_hand(ids: Iterable[str]) -> LetterHand:
    counts, jokers, choosing = bytearray(len(LETTERS)), 0, []
    for roles in map(_ROLES.__getitem__, ids):
        if len(roles) > 1:
            choosing.append(roles)
        elif roles[0] == _JOKER:
            jokers += 1
        else:
            counts[roles[0]] += 1
    return bytes(counts), jokers, tuple(sorted(choosing))


def _without(hand: LetterHand, roles: tuple[int, ...]) -> LetterHand:
    counts, jokers, choosing = hand
    if len(roles) > 1:
        k = choosing.index(roles)
        return counts, jokers, choosing[:k] + choosing[k + 1 :]
    if roles[0] == _JOKER:
        return counts, jokers - 1, choosing
    return _take(counts, roles), jokers, choosing


def _with_roles(counts: bytes, jokers: int, roles: Iterable[int]) -> tuple[bytes, int]:
    """Counts and jokers once cards in these roles join."""
    more = bytearray(counts)
    for role in roles:
        if role == _JOKER:
            jokers += 1
        else:
            more[role] += 1
    return bytes(more), jokers


def _pure_possible(counts: bytes, jokers: int, choosing: tuple[tuple[int, ...], ...]) -> bool:
    """Quick reject: a pure group needs 3 naturals of one letter or 3 jokers."""
    per_letter = list(counts) + [jokers]  # the last slot, at _JOKER, counts jokers
    for roles in choosing:
        for role in roles:
            per_letter[role] += 1
    return max(per_letter) >= MIN_GROUP


@lru_cache(maxsize=1 << 14)
def _solve(
    counts: bytes, jokers: int, choosing: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], int, int] | None:
    """(a role for each choosing card, status, budget), or None if there is no declaration."""
    if not _pure_possible(counts, jokers, choosing):
        return None
    tried = set()
    for choice in product(*_useful_roles(counts, choosing)):
        key = _with_roles(counts, jokers, choice)
        if key not in tried:
            tried.add(key)
            target = _target(*key)
            if target is not None:
                return choice, *target
    return None


def _useful_roles(counts: bytes, choosing: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """The roles worth trying for each choosing card.

    A joker fills any place a natural does; standing as a natural only matters in a
    pure group, so a joker card tries a letter only if 3 cards could stand for it."""
    possible = bytearray(counts)
    for roles in choosing:
        for role in roles:
            if role != _JOKER:
                possible[role] += 1
    return [
        tuple(r for r in roles if r == _JOKER or possible[r] >= MIN_GROUP) if roles[0] == _JOKER else roles
        for roles in choosing
    ]


def _groups_of(ids: tuple[str, ...], choice: tuple[int, ...], status: int, budget: int) -> Groups:
    """The card groups of a letter-level solution for these cards."""
    choosing = sorted((i for i in ids if len(_ROLES[i]) > 1), key=lambda i: (_ROLES[i], i))
    roles = {i: _ROLES[i][0] for i in ids} | dict(zip(choosing, choice))
    counts, jokers = _with_roles(bytes(len(LETTERS)), 0, roles.values())
    plan = _plan(counts, budget, status)
    pools: dict[int, list[str]] = {}
    for card_id in ids:
        pools.setdefault(roles[card_id], []).append(card_id)
    return _fill(pools, plan, jokers - _costs(counts, budget)[status])


# ---------------------------------------------------------------- letter-level search
# The naturals are split into canonical groups; a group is the tuple of its cards'
# roles. `_costs(counts, budget)` gives, for each status the groups can end in, the
# fewest jokers (at most `budget`) they need. Canonical groups never reach past the
# first and last natural, so the cost only depends on the counts stripped of empty
# letters at both ends: the cache serves every hand with the same pattern. Naturals
# farther apart than `budget` empty letters cannot share a group, so such parts are
# solved apart and their costs combined.


def _costs(counts: bytes, budget: int) -> bytes:
    """The fewest jokers per status (a byte each, _NEVER if over budget)."""
    counts = counts.strip(b"\0")
    key = counts + bytes((budget,))
    costs = _COSTS.get(key)
    if costs is None:
        if len(_COSTS) >= _COSTS_LIMIT:
            _COSTS.clear()
        _COSTS[key] = costs = _part_costs(counts, budget)
    return costs


# A letter with 1 or 2 naturals and none within two letters costs at least one joker:
# its same-letter group needs one or two; a mixed group reaching another natural at
# least 3 letters away has 2 or more gaps, and holds at most two such letters.
LONELY = re.compile(b"(?<=\0\0)[\x01\x02](?=\0\0)")
# Keys and answers are bytes, so the garbage collector never walks this big dict.
_COSTS: dict[bytes, bytes] = {}
_COSTS_LIMIT = 1 << 18


def _part_costs(counts: bytes, budget: int) -> bytes:
    if not counts:
        return _EMPTY_COSTS
    if len(LONELY.findall(b"\0\0" + counts + b"\0\0")) > budget:
        return _NO_COSTS
    parts = _gap(budget).split(counts)
    if len(parts) > 1:
        return _fold(parts, budget)
    best = bytearray(_NO_COSTS)
    for _, rest, cost, pure in _groups(counts, budget):
        kind = _ONE_PURE if pure else _IMPURE_ONLY
        for status, more in enumerate(_costs(rest, budget - cost)):
            total, after = cost + more, _COMBINE[kind][status]
            if total <= budget and total < best[after]:
                best[after] = total
    return bytes(best)


@lru_cache
def _gap(budget: int) -> re.Pattern:
    """More empty letters in a row than `budget` jokers can bridge."""
    return re.compile(b"\0{%d,}" % (budget + 1))


def _fold(parts: list[bytes], budget: int) -> bytes:
    """The costs of independent parts taken together; the small ones fail fastest."""
    costs = _EMPTY_COSTS
    for part in sorted(parts, key=len):
        best = bytearray(_NO_COSTS)
        for status, cost in enumerate(costs):
            if cost > budget:
                continue
            row = _COMBINE[status]
            for other, more in enumerate(_costs(part, budget)):
                total = cost + more
                if total <= budget and total < best[row[other]]:
                    best[row[other]] = total
        costs = bytes(best)
        if costs == _NO_COSTS:
            break
    return costs


def _target(counts: bytes, jokers: int) -> tuple[int, int] | None:
    """(status, joker budget) of the cheapest groups whose spare jokers fit, or None."""
    if max(counts) < MIN_GROUP:
        # No pure group among the naturals: 3+ spare jokers must make one.
        budget = jokers - MIN_GROUP
        if budget < 0:
            return None
        costs = _costs(counts, budget)
        return next(((s, budget) for s, cost in enumerate(costs) if cost <= budget), None)
    costs = _costs(counts, jokers)
    if costs[_ROOMY] <= jokers:
        return _ROOMY, jokers  # 1 or 2 spares join an impure group or one of two pure ones
    for status, cost in enumerate(costs):
        if cost <= jokers - MIN_GROUP:
            return status, jokers  # the spares are a pure group of their own
    if jokers == 0 and costs[_ONE_PURE] == 0:
        return _ONE_PURE, jokers
    return None


def _groups(counts: bytes, budget: int) -> Iterator[tuple[tuple[int, ...], bytes, int, bool]]:
    """Each canonical group holding the lowest natural letter: (roles, rest, cost, pure)."""
    low = len(counts) - len(counts.lstrip(b"\0"))
    for naturals in range(min(counts[low], _MAX_SIZE), 0, -1):
        cost = max(0, MIN_GROUP - naturals)
        if cost <= budget:
            roles = (low,) * naturals + (_JOKER,) * cost
            yield roles, _take(counts, roles), cost, cost == 0
    for roles in _runs(counts, low, (low,), budget):
        cost = roles.count(_JOKER)
        if cost <= budget:
            yield roles, _take(counts, roles), cost, False


def _runs(counts: bytes, low: int, roles: tuple[int, ...], budget: int) -> Iterator[tuple]:
    """Mixed groups from `low` that end on a natural; two naturals get a joker added."""
    letter = low + len(roles)
    if letter >= len(counts) or len(roles) == _MAX_SIZE:
        return
    if counts[letter]:
        run = roles + (letter,)
        yield run + (_JOKER,) if len(run) < MIN_GROUP else run
        yield from _runs(counts, low, run, budget)
    if budget:
        yield from _runs(counts, low, roles + (_JOKER,), budget - 1)


def _take(counts: bytes, roles: tuple[int, ...]) -> bytes:
    rest = bytearray(counts)
    for role in roles:
        if role != _JOKER:
            rest[role] -= 1
    return bytes(rest)


def _plan(counts: bytes, budget: int, status: int) -> list[tuple[tuple[int, ...], bool]]:
    """The cheapest canonical groups of these naturals ending in `status`: (roles, pure)."""
    plan = []
    while any(counts):
        roles, pure, counts, budget, status = _cheapest_step(counts, budget, status)
        plan.append((roles, pure))
    return plan


def _cheapest_step(counts: bytes, budget: int, status: int) -> tuple:
    target = _costs(counts, budget)[status]
    for roles, rest, cost, pure in _groups(counts, budget):
        kind = _ONE_PURE if pure else _IMPURE_ONLY
        for before, more in enumerate(_costs(rest, budget - cost)):
            if _COMBINE[kind][before] == status and cost + more == target:
                return roles, pure, rest, budget - cost, before
    raise AssertionError("a solvable search has a cheapest step")


# ---------------------------------------------------------------- back to cards


def _fill(pools: dict[int, list[str]], plan: list[tuple], spare: int) -> Groups:
    """Turn letter-level groups into card ids from the pools of each role."""
    groups, impure, pure = [], [], []
    for roles, is_pure in plan:
        cards = [pools[role].pop() for role in roles]
        groups.append(cards)
        (pure if is_pure else impure).append(cards)
    spares = pools.get(_JOKER, [])
    if spare >= MIN_GROUP:
        groups.append(spares)
    elif spare:
        # An impure group takes them as they are; else one of two or more pure groups.
        (impure or pure)[0].extend(spares)
    return tuple(tuple(g) for g in groups)
