"""How far a Capitalla hand is from a declaration, for the bots.

The hand is read at the letter level, as the solver reads it: natural cards per letter,
jokers, and the roles a card with several capitals may take. A memoised search splits
the naturals into *plans*: some naturals dropped, the rest in groups (a same-letter
group, or a run of consecutive letters) whose empty places ("slots") a joker or a
drawn card of the right letter would fill. For each plan it keeps the fewest slots per
number of dropped naturals and per its best same-letter group (a declaration needs a
pure one); a plan no other beats is all it keeps.

- `deadwood(cards)`: the cards in no group of the best arrangement of complete groups
  (the hand's own jokers fill the slots), as a gin player counts them;
- `distance(cards)`: how many cards must still be exchanged (drawn, another thrown away)
  before the hand declares, each new card filling one slot;
- both have a form for a hand of one card more, before its discard (`..._after_pick`);
- `count_outs(kept, classes)`: the unseen cards that would bring the hand nearer, and
  `count_fitting`, a cheap stand-in for it.
"""

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from .cards import CARDS, JOKER_LETTER
from .solver import LETTERS, MIN_GROUP

JOKER = -1
MAX_DROPPED = 6  # beyond this many dropped naturals a hand is far from anything
MAX_SLOTS = 12
MAX_RUN = 5
FAR = 99  # no plan
_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
# The best same-letter group of a plan: none, two naturals and a slot (pure once a
# drawn natural fills it), three naturals or more (pure).
NO_SAME, PAIR, PURE = range(3)
_EMPTY = (((0, NO_SAME), 0),)


def card_roles(card_id: str) -> tuple[int, ...]:
    """The letters (as indices) a card may stand for, and JOKER if it may be wild."""
    card = CARDS[card_id]
    naturals = tuple(sorted(_INDEX[x] for x in card.letters if x != JOKER_LETTER))
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
    best = naturals + jokers - spare
    for (dropped, _), slots in _plans(counts.strip(b"\0")):
        for free_natural in range(spare + 1):
            wild = jokers - (spare - free_natural)
            if free_natural > dropped or slots > wild or wild < 0:
                continue
            grouped = dropped < naturals or wild >= MIN_GROUP
            best = min(best, dropped - free_natural + (0 if grouped else wild))
    return best


@lru_cache(maxsize=1 << 16)
def _distance(counts: bytes, jokers: int, spare: int) -> int:
    """The fewest exchanges: each dropped natural makes room for a drawn card, and the
    slots are filled by the jokers and the drawn cards. Without a same-letter group,
    three more slots make one. With a `spare` discard, one dropped natural or one joker
    goes without a replacement."""
    best = FAR
    for (dropped, same), slots in _plans(counts.strip(b"\0")):
        slots += MIN_GROUP if same == NO_SAME else 0
        for free_natural in range(spare + 1):
            wild = jokers - (spare - free_natural)
            drawn = dropped - free_natural
            if drawn < 0 or wild < 0 or wild + drawn < slots:
                continue
            best = min(best, max(drawn, 1) if same == PAIR else drawn)  # a pair's slot needs a drawn natural
    return best


@lru_cache(maxsize=1 << 18)
def _plans(counts: bytes) -> tuple[int, ...]:
    """The fewest slots per (dropped naturals, best same-letter group) for these
    naturals, stripped of empty letters at both ends."""
    if not counts:
        return _EMPTY
    best: dict[tuple[int, int], int] = {}
    _merge(best, _plans(_take(counts, (0,)).strip(b"\0")), 1, 0, NO_SAME)  # drop one
    for naturals in range(min(counts[0], MAX_RUN), 0, -1):
        slots = max(0, MIN_GROUP - naturals)
        same = PURE if naturals >= MIN_GROUP else PAIR if naturals == 2 else NO_SAME
        _merge(best, _plans(_take(counts, (0,) * naturals).strip(b"\0")), 0, slots, same)
    for run, slots in _runs(counts):
        _merge(best, _plans(_take(counts, run).strip(b"\0")), 0, slots, NO_SAME)
    return _frontier(best)


def _frontier(plans: dict) -> tuple:
    """The plans no other beats: one beats another if it drops no more naturals, needs no
    more slots beyond its dropped naturals, and has as good a same-letter group (then
    whatever completes the other completes it, in as few exchanges)."""
    kept = []
    for (dropped, same), slots in sorted(plans.items()):
        excess = slots - dropped
        if not any(d <= dropped and k >= same and s - d <= excess for (d, k), s in kept):
            kept.append(((dropped, same), slots))
    return tuple(kept)


def _merge(best: dict, rest: tuple, dropped: int, slots: int, same: int) -> None:
    """Add to `best` ((dropped, kind) -> fewest slots) the plans of `rest` with one more
    group (or dropped natural)."""
    for (d, kind), more in rest:
        total, d = more + slots, d + dropped
        if total <= MAX_SLOTS and d <= MAX_DROPPED:
            key = (d, max(kind, same))
            if total < best.get(key, FAR):
                best[key] = total


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
    """The naturals a run from 0 to `end` may use: both ends and the letters between
    that the hand holds, but for those held twice or more, which it may leave to a
    same-letter group (a letter left out is a slot)."""
    inner = [k for k in range(1, end) if counts[k]]
    optional = [k for k in inner if counts[k] >= 2]
    chosen = []
    for mask in range(1 << len(optional)):
        skipped = {k for bit, k in enumerate(optional) if mask >> bit & 1}
        chosen.append((0, *(k for k in inner if k not in skipped), end))
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


def count_outs(kept: list[str], classes: dict, gin: bool = False) -> int:
    """How many of the cards in `classes` (`by_roles`) would bring these kept cards nearer
    a declaration (`distance`), or with `gin` lower their `deadwood`, if drawn. A card
    three letters or more from every natural kept, and no joker, cannot."""
    measure = _deadwood if gin else _distance
    hands = [(counts, jokers, measure(counts, jokers, 0)) for counts, jokers in letter_hands(kept)]
    now = min(value for _, _, value in hands)
    best = [(counts, jokers) for counts, jokers, value in hands if value == now]
    near = {k + step for counts, _ in best for k, n in enumerate(counts) if n for step in range(-2, 3)}
    total = 0
    for roles, (_, count) in classes.items():
        if roles[0] != JOKER and not near.intersection(roles):
            continue
        if any(measure(*_with(counts, jokers, role), 1) < now for counts, jokers in best for role in roles):
            total += count
    return total


def _with(counts: bytes, jokers: int, role: int) -> tuple[bytes, int]:
    if role == JOKER:
        return counts, jokers + 1
    more = bytearray(counts)
    more[role] += 1
    return bytes(more), jokers


def count_fitting(kept: list[str], classes: dict) -> int:
    """How many of the cards in `classes` are jokers or one letter or less from a kept
    natural: a cheap stand-in for `count_outs`."""
    near = {k + step for counts, _ in letter_hands(kept) for k, n in enumerate(counts) if n for step in (-1, 0, 1)}
    return sum(count for roles, (_, count) in classes.items() if roles[0] == JOKER or near.intersection(roles))
