"""Casino cards: one 52-card deck in the shared notation ("10D", "AS", "QH"), what a
card is worth in a sum, which loose cards a card may take, and a deal's points."""

from functools import cache

from engine.cards import RANKS, SUITS, face, rank_of

HAND_SIZE = 4
BIG_CASINO, LITTLE_CASINO = "10D", "2S"
MOST_CARDS, MOST_SPADES = 3, 1
CATEGORIES = ("cards", "spades", "big_casino", "little_casino", "aces", "sweeps")
_PIPS = {"A": 1, **{str(n): n for n in range(2, 11)}}
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}


def deck() -> list[str]:
    """The 52 card ids in a fixed order."""
    return [f"{rank}{suit}" for suit in SUITS for rank in RANKS]


DECK = frozenset(deck())


@cache  # the bots' look-ahead asks it millions of times
def value(card: str) -> int | None:
    """What a card counts in a sum or a build: ace 1, 2-10 their pips; J, Q, K nothing (None)."""
    return _PIPS.get(rank_of(card))


def is_spade(card: str) -> bool:
    return card.endswith("S")


def sort_hand(cards: list[str]) -> list[str]:
    """By value (face cards last, J Q K), then suit."""
    order = {rank: k for k, rank in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))}
    return sorted(cards, key=lambda card: (order[rank_of(card)], _SUIT_ORDER[card[-1]]))


def faces(cards: list[str]) -> str:
    return " ".join(face(card) for card in cards)


# ---------------------------------------------------------------- sums


def counts_of(values: list[int]) -> tuple[int, ...]:
    """How many of each value 1..10 a list of values holds."""
    counts = [0] * 10
    for v in values:
        counts[v - 1] += 1
    return tuple(counts)


@cache
def _parts(total: int, largest: int = 10) -> tuple[tuple[int, ...], ...]:
    """Every way to write `total` as a sum of values 1..10 (each a multiset, largest first)."""
    if total == 0:
        return ((),)
    return tuple((first, *rest) for first in range(min(total, largest), 0, -1) for rest in _parts(total - first, first))


def _take(counts: tuple[int, ...], part: tuple[int, ...]) -> tuple[int, ...] | None:
    """`counts` without the values of `part`, or None if it does not hold them all."""
    left = list(counts)
    for v in part:
        left[v - 1] -= 1
        if left[v - 1] < 0:
            return None
    return tuple(left)


@cache
def best_cover(counts: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """The groups (each summing to `total`) that cover as many of the counted values as
    possible, each value used once; () if none sums to `total`."""
    smallest = next((v for v in range(1, 11) if counts[v - 1]), None)
    if smallest is None:
        return ()
    # The smallest value is either left out or in some group.
    best = best_cover(_take(counts, (smallest,)), total)
    best_size = sum(map(len, best))
    for part in _parts(total):
        if smallest not in part:
            continue
        left = _take(counts, part)
        if left is None:
            continue
        groups = (part, *best_cover(left, total))
        size = sum(map(len, groups))
        if size > best_size:
            best, best_size = groups, size
    return best


def splits_into(values: list[int], total: int) -> bool:
    """Whether these values split exactly into groups each summing to `total`."""
    if not values or sum(values) % total:
        return False
    return sum(map(len, best_cover(counts_of(values), total))) == len(values)


def is_capture(card: str, taken: list[str]) -> bool:
    """Whether `card` may take exactly the loose table cards `taken`: a J, Q or K one card
    of its rank; a number card any groups each matching its rank or summing to its value."""
    if not taken or len(set(taken)) != len(taken):
        return False
    mine = value(card)
    if mine is None:
        return len(taken) == 1 and rank_of(taken[0]) == rank_of(card)
    values = [value(other) for other in taken]
    return None not in values and splits_into(values, mine)


def groups_of(cards: list[str], total: int) -> list[list[str]]:
    """`cards` (number cards) in groups each summing to `total`, as many cards as can be
    grouped; cards no group takes are left out."""
    by_value: dict[int, list[str]] = {}
    for card in cards:
        by_value.setdefault(value(card), []).append(card)
    groups = []
    for part in best_cover(counts_of([value(card) for card in cards]), total):
        groups.append([by_value[v].pop() for v in part])
    return groups


# ---------------------------------------------------------------- scoring


def deal_breakdown(piles: list[list[str]], sweeps: list[int] | None = None) -> list[dict[str, int]]:
    """Each seat's points by category for one deal: most cards 3 and most spades 1 (a tie
    for the most: nobody), 10♦ 2, 2♠ 1, each ace 1, each sweep 1 (only when `sweeps` is given)."""
    cards = [len(pile) for pile in piles]
    spades = [sum(map(is_spade, pile)) for pile in piles]
    rows = []
    for seat, pile in enumerate(piles):
        row = {
            "cards": MOST_CARDS if _single_most(cards, seat) else 0,
            "spades": MOST_SPADES if _single_most(spades, seat) else 0,
            "big_casino": 2 if BIG_CASINO in pile else 0,
            "little_casino": 1 if LITTLE_CASINO in pile else 0,
            "aces": sum(rank_of(card) == "A" for card in pile),
            "sweeps": sweeps[seat] if sweeps is not None else 0,
        }
        rows.append(row)
    return rows


def deal_points(piles: list[list[str]], sweeps: list[int] | None = None) -> list[int]:
    """Each seat's points for one deal from its captured cards (and sweeps, if counted)."""
    return [sum(row.values()) for row in deal_breakdown(piles, sweeps)]


def _single_most(counts: list[int], seat: int) -> bool:
    top = max(counts)
    return counts[seat] == top and counts.count(top) == 1
