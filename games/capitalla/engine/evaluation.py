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
- `count_outs(kept, classes)`: the unseen cards that would bring the hand nearer.

`distance` asks whether a hand is within 0, 1, 2... exchanges in turn, a search bounded
that tightly being much cheaper than a full one; the answers are cached as bytes.
"""

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from .cards import CARDS, JOKER_LETTER
from .solver import LETTERS, LONELY, MIN_GROUP

JOKER = -1
MAX_DROPPED = 6  # beyond this many dropped naturals a hand is far from anything
MAX_RUN = 5
FAR = 99  # no plan
_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
# The best same-letter group of a plan: none, two naturals and a slot (pure once a
# drawn natural fills it), three naturals or more (pure).
NO_SAME, PAIR, PURE = range(3)
_EMPTY = bytes((0, NO_SAME, 0))  # no naturals: one plan, nothing dropped, no slot


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
    return _nearest(letter_hands(cards), 0)


def distance_after_pick(cards: Iterable[str]) -> int:
    """`distance` of the best hand these cards leave once one of them is discarded."""
    return _nearest(letter_hands(cards), 1)


def _nearest(hands: list[tuple[bytes, int]], spare: int) -> int:
    """The least `_distance` of these letter hands, found by asking whether they are within
    0, 1, 2... exchanges: a search bounded that tightly is much cheaper than a full one."""
    for limit in range(MAX_DROPPED + 1):
        if any(_distance(counts, jokers, spare, limit) <= limit for counts, jokers in hands):
            return limit
    return FAR


# The searches' answers are cached in plain dicts of bytes and ints, cleared when full: the
# garbage collector never walks them (an lru_cache of tuples made its full collections
# last a third of a second once it held a few hundred thousand).
_CACHE_LIMIT = 1 << 19
_DEADWOOD: dict[bytes, int] = {}
_DISTANCE: dict[bytes, int] = {}
_PLANS: dict[bytes, bytes] = {}


def _cached(cache: dict, key: bytes, compute):
    value = cache.get(key)
    if value is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = value = compute()
    return value


def _deadwood(counts: bytes, jokers: int, spare: int) -> int:
    """Dropped naturals of the best plan its own jokers complete; with a `spare` discard,
    one dropped natural or one joker the plan does not need goes. The jokers count too
    when no group is left for them to join."""
    return _cached(_DEADWOOD, bytes((jokers, spare)) + counts, lambda: _least_deadwood(counts, jokers, spare))


def _least_deadwood(counts: bytes, jokers: int, spare: int) -> int:
    naturals = sum(counts)
    best = naturals + jokers - spare
    # Its own jokers fill the slots: no plan needs more.
    for dropped, _, slots in _triples(_plans(counts.strip(b"\0"), MAX_DROPPED, jokers)):
        for free_natural in range(spare + 1):
            wild = jokers - (spare - free_natural)
            if free_natural > dropped or slots > wild or wild < 0:
                continue
            grouped = dropped < naturals or wild >= MIN_GROUP
            best = min(best, dropped - free_natural + (0 if grouped else wild))
    return best


def _distance(counts: bytes, jokers: int, spare: int, limit: int) -> int:
    """The fewest exchanges, if `limit` or fewer (else more than `limit`): each dropped
    natural makes room for a drawn card, and the slots are filled by the jokers and the
    drawn cards. Without a same-letter group, three more slots make one. With `spare`
    discards, dropped naturals or jokers go without a replacement."""
    key = bytes((jokers, spare, limit)) + counts
    return _cached(_DISTANCE, key, lambda: _fewest_exchanges(counts, jokers, spare, limit))


def _fewest_exchanges(counts: bytes, jokers: int, spare: int, limit: int) -> int:
    best = FAR
    for dropped, same, slots in _triples(_plans(counts.strip(b"\0"), limit + spare, jokers + limit)):
        slots += MIN_GROUP if same == NO_SAME else 0
        for free_natural in range(spare + 1):
            wild = jokers - (spare - free_natural)
            drawn = dropped - free_natural
            if drawn < 0 or wild < 0 or wild + drawn < slots:
                continue
            best = min(best, max(drawn, 1) if same == PAIR else drawn)  # a pair's slot needs a drawn natural
    return best


def _triples(plans: bytes):
    """A frontier of plans as (dropped naturals, best same-letter group, slots)."""
    return (plans[k : k + 3] for k in range(0, len(plans), 3))


def _plans(counts: bytes, max_dropped: int, max_slots: int) -> bytes:
    """The fewest slots per (dropped naturals, best same-letter group) for these
    naturals, stripped of empty letters at both ends, among the plans dropping at most
    `max_dropped` naturals with at most `max_slots` slots (a caller that only asks
    whether a hand is within a few exchanges bounds the search that tightly); see
    `_triples`."""
    # No plan drops more than all its naturals nor needs more than two slots for each:
    # bounds past those are one key for the cache.
    naturals = sum(counts)
    max_dropped, max_slots = min(max_dropped, naturals), min(max_slots, 2 * naturals)
    key = bytes((max_dropped, max_slots)) + counts
    return _cached(_PLANS, key, lambda: _bounded_plans(counts, max_dropped, max_slots))


def _bounded_plans(counts: bytes, max_dropped: int, max_slots: int) -> bytes:
    if not counts:
        return _EMPTY
    # A lonely letter (see the solver) costs a dropped natural or a slot at least.
    if len(LONELY.findall(b"\0\0" + counts + b"\0\0")) > max_dropped + max_slots:
        return b""  # no plan within the bounds
    best: dict[tuple[int, int], int] = {}
    if max_dropped:  # drop one
        _merge(best, _plans(_take(counts, (0,)).strip(b"\0"), max_dropped - 1, max_slots), 1, 0, NO_SAME)
    for naturals in range(min(counts[0], MAX_RUN), 0, -1):
        slots = max(0, MIN_GROUP - naturals)
        if slots <= max_slots:
            same = PURE if naturals >= MIN_GROUP else PAIR if naturals == 2 else NO_SAME
            rest = _take(counts, (0,) * naturals).strip(b"\0")
            _merge(best, _plans(rest, max_dropped, max_slots - slots), 0, slots, same)
    for run, slots in _runs(counts[:MAX_RUN]):
        if slots <= max_slots:
            _merge(best, _plans(_take(counts, run).strip(b"\0"), max_dropped, max_slots - slots), 0, slots, NO_SAME)
    return _frontier(best)


def _frontier(plans: dict) -> bytes:
    """The plans no other beats: one beats another if it drops no more naturals, needs no
    more slots beyond its dropped naturals, and has as good a same-letter group (then
    whatever completes the other completes it, in as few exchanges)."""
    kept = []
    for (dropped, same), slots in sorted(plans.items()):
        excess = slots - dropped
        if not any(d <= dropped and k >= same and s - d <= excess for d, k, s in kept):
            kept.append((dropped, same, slots))
    return bytes(value for plan in kept for value in plan)


def _merge(best: dict, rest: bytes, dropped: int, slots: int, same: int) -> None:
    """Add to `best` ((dropped, kind) -> fewest slots) the plans of `rest` with one more
    group (or dropped natural)."""
    for d, kind, more in _triples(rest):
        total, d = more + slots, d + dropped
        key = (d, max(kind, same))
        if total < best.get(key, FAR):
            best[key] = total


@lru_cache(maxsize=1 << 12)
def _runs(counts: bytes) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Runs from the lowest letter (0) ending on a natural: (its naturals, its slots); a
    run of two letters gets a slot at an end. `counts` is cut to the letters a run may
    reach, so that one answer serves every hand starting alike."""
    runs = []
    for end in range(1, min(MAX_RUN, len(counts))):
        if counts[end]:
            for used in _subruns(counts, end):
                length = end + 1
                slots = length - len(used) + (1 if length == 2 else 0)
                runs.append((used, slots))
    return tuple(runs)


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
    hands = letter_hands(kept)
    if gin:
        values = [_deadwood(counts, jokers, 0) for counts, jokers in hands]
        now = min(values)
    else:
        now = _nearest(hands, 0)
        values = [_distance(counts, jokers, 0, now) for counts, jokers in hands]
    if now == 0:
        return 0  # nothing gets nearer than a declaration
    best = [hand for hand, value in zip(hands, values) if value == now]
    near = {k + step for counts, _ in best for k, n in enumerate(counts) if n for step in range(-2, 3)}
    total = 0
    for roles, (_, count) in classes.items():
        if roles[0] != JOKER and not near.intersection(roles):
            continue
        if any(_nearer(*_with(counts, jokers, role), now, gin) for counts, jokers in best for role in roles):
            total += count
    return total


def _nearer(counts: bytes, jokers: int, now: int, gin: bool) -> bool:
    """Whether these cards, one of them going, measure less than `now`."""
    if gin:
        return _deadwood(counts, jokers, 1) < now
    return _distance(counts, jokers, 1, now - 1) < now


def _with(counts: bytes, jokers: int, role: int) -> tuple[bytes, int]:
    if role == JOKER:
        return counts, jokers + 1
    more = bytearray(counts)
    more[role] += 1
    return bytes(more), jokers
