"""How far a Capitalla hand is from a declaration, for the bots.

The hand is read at the letter level, as the solver reads it: natural cards per letter,
jokers, and the roles a card with several capitals may take. A memoised search splits
the naturals into *plans*: some naturals dropped, the rest in groups (a same-letter
group, or a run of consecutive letters) whose empty places ("slots") a joker or a
drawn card of the right letter would fill. For each plan it keeps the fewest slots per
number of dropped naturals and per whether a same-letter group of two or more
naturals is among them (the pure group a declaration needs, once filled).

- `deadwood(cards)`: the cards in no group of the best arrangement of complete groups
  (the hand's own jokers fill the slots), as a gin player counts them;
- `distance(cards)`: how many cards must still be exchanged (drawn, another thrown away)
  before the hand declares, each new card filling one slot;
- both have a form for a hand of one card more, before its discard (`..._after_pick`).
"""

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from .cards import CARDS
from .solver import LETTERS, MIN_GROUP

JOKER = -1
MAX_DROPPED = 9  # beyond this many dropped naturals a hand is far from anything
MAX_SLOTS = 15
MAX_RUN = 5
FAR = 99
_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
# The best same-letter group of a plan: none, two naturals and a slot (pure once a
# drawn natural fills it), three naturals or more (pure).
NO_SAME, PAIR, PURE = range(3)
_KINDS = 3
# One entry per (dropped, best same-letter group): the fewest slots, FAR if none.
_WIDTH = _KINDS * (MAX_DROPPED + 1)
_NOTHING = (FAR,) * _WIDTH
_EMPTY = (0,) + (FAR,) * (_WIDTH - 1)


def card_roles(card_id: str) -> tuple[int, ...]:
    """The letters (as indices) a card may stand for, and JOKER if it may be wild."""
    card = CARDS[card_id]
    naturals = tuple(sorted(_INDEX[x] for x in card.letters if x != "C"))
    return ((JOKER,) + naturals) if card.is_joker else naturals


ROLES = {card_id: card_roles(card_id) for card_id in CARDS}


def letter_hands(cards: Iterable[str]) -> list[tuple[bytes, int]]:
    """(natural counts per letter, jokers) for each useful choice of roles of the cards."""
    counts, jokers, choosing = bytearray(len(LETTERS)), 0, []
    for roles in map(ROLES.__getitem__, cards):
        if len(roles) > 1:
            choosing.append(roles)
        elif roles[0] == JOKER:
            jokers += 1
        else:
            counts[roles[0]] += 1
    if not choosing:
        return [(bytes(counts), jokers)]
    hands = set()
    for choice in product(*choosing):
        more, wild = bytearray(counts), jokers
        for role in choice:
            if role == JOKER:
                wild += 1
            else:
                more[role] += 1
        hands.add((bytes(more), wild))
    return sorted(hands)


def deadwood(cards: Iterable[str]) -> int:
    """The cards in no complete group of the hand's best arrangement."""
    return min(_deadwood(counts, jokers, 0) for counts, jokers in letter_hands(cards))


def deadwood_after_pick(cards: Iterable[str]) -> int:
    """`deadwood` of the best hand these cards leave once one of them is discarded."""
    return min(_deadwood(counts, jokers, 1) for counts, jokers in letter_hands(cards))


def distance(cards: Iterable[str]) -> int:
    """How many cards the hand must still exchange to declare (0: it declares)."""
    return min(_distance(counts, jokers, 0) for counts, jokers in letter_hands(cards))


def distance_after_pick(cards: Iterable[str]) -> int:
    """`distance` of the best hand these cards leave once one of them is discarded."""
    return min(_distance(counts, jokers, 1) for counts, jokers in letter_hands(cards))


@lru_cache(maxsize=1 << 16)
def _deadwood(counts: bytes, jokers: int, spare: int) -> int:
    """Dropped naturals of the best plan its own jokers complete; with a `spare` discard,
    one dropped natural or one joker the plan does not need goes. The jokers count too
    when no group is left for them to join."""
    naturals = sum(counts)
    plans = _plans(counts.strip(b"\0"))
    best = FAR
    for dropped in range(min(naturals, MAX_DROPPED) + 1):
        slots = min(plans[_KINDS * dropped : _KINDS * (dropped + 1)])
        for free_natural in range(spare + 1):
            wild = jokers - (spare - free_natural)
            if free_natural > dropped or slots > wild or wild < 0:
                continue
            grouped = dropped < naturals or wild >= MIN_GROUP
            best = min(best, dropped - free_natural + (0 if grouped else wild))
    return min(best, naturals + jokers - spare)


@lru_cache(maxsize=1 << 16)
def _distance(counts: bytes, jokers: int, spare: int) -> int:
    """The fewest exchanges: each dropped natural makes room for a drawn card, and the
    slots are filled by the jokers and the drawn cards. Without a same-letter group,
    three more slots make one. With a `spare` discard, one dropped natural or one joker
    goes without a replacement."""
    plans = _plans(counts.strip(b"\0"))
    best = FAR
    for dropped in range(min(sum(counts), MAX_DROPPED) + 1):
        for same in range(_KINDS):
            slots = plans[_KINDS * dropped + same] + (MIN_GROUP if same == NO_SAME else 0)
            for free_natural in range(spare + 1):
                wild = jokers - (spare - free_natural)
                if free_natural > dropped or wild < 0:
                    continue
                drawn = dropped - free_natural
                if wild + drawn >= slots:  # a pair's slot needs a drawn natural
                    best = min(best, max(drawn, 1) if same == PAIR else drawn)
    return best


@lru_cache(maxsize=1 << 18)
def _plans(counts: bytes) -> tuple[int, ...]:
    """The fewest slots per (dropped naturals, best same-letter group) for these naturals (stripped of empty letters at both ends)."""
    if not counts:
        return _EMPTY
    low = 0
    best = list(_NOTHING)
    # Drop one natural of the lowest letter.
    _merge(best, _plans(_take(counts, (low,)).strip(b"\0")), 1, 0, NO_SAME)
    for naturals in range(min(counts[low], MAX_RUN), 0, -1):
        slots = max(0, MIN_GROUP - naturals)
        same = PURE if naturals >= MIN_GROUP else PAIR if naturals == 2 else NO_SAME
        _merge(best, _plans(_take(counts, (low,) * naturals).strip(b"\0")), 0, slots, same)
    for run, slots in _runs(counts):
        _merge(best, _plans(_take(counts, run).strip(b"\0")), 0, slots, NO_SAME)
    return tuple(best)


def _merge(best: list[int], rest: tuple[int, ...], dropped: int, slots: int, same: int) -> None:
    for k in range(_WIDTH):
        more = rest[k]
        if more >= FAR:
            continue
        total = more + slots
        if total > MAX_SLOTS:
            continue
        d = k // _KINDS + dropped
        if d > MAX_DROPPED:
            continue
        index = _KINDS * d + max(same, k % _KINDS)
        if total < best[index]:
            best[index] = total


def _runs(counts: bytes) -> list[tuple[tuple[int, ...], int]]:
    """Runs from the lowest letter (0) ending on a natural: (its naturals, its slots); a
    run of two letters gets a slot at an end."""
    runs = []
    for end in range(1, min(MAX_RUN, len(counts))):
        if counts[end]:
            for used in _subruns(counts, end):
                length = end + 1
                slots = length - len(used) + (1 if length == 2 else 0)
                runs.append((used, slots))
    return runs


def _subruns(counts: bytes, end: int) -> list[tuple[int, ...]]:
    """The naturals a run from 0 to `end` may use: both ends, and any of the letters
    between that the hand holds (a letter left out is a slot)."""
    inner = [k for k in range(1, end) if counts[k]]
    chosen = []
    for mask in range(1 << len(inner)):
        middle = tuple(k for bit, k in enumerate(inner) if mask >> bit & 1)
        chosen.append((0, *middle, end))
    return chosen


def _take(counts: bytes, roles: tuple[int, ...]) -> bytes:
    rest = bytearray(counts)
    for role in roles:
        rest[role] -= 1
    return bytes(rest)


def unseen_cards(view: dict) -> list[str]:
    """The cards a seat has not seen: neither in its hand nor on the discard pile."""
    seen = set(view["hand"]) | set(view["discard_pile"])
    return [card for card in CARDS if card not in seen]


def by_roles(cards: Iterable[str]) -> dict[tuple[int, ...], tuple[str, int]]:
    """The cards by the roles they may take: one of them, and how many there are."""
    classes: dict[tuple[int, ...], tuple[str, int]] = {}
    for card in cards:
        first, count = classes.get(ROLES[card], (card, 0))
        classes[ROLES[card]] = (first, count + 1)
    return classes
