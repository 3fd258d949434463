"""Melds of standard cards, for any rummy game that plays them: sets and runs, with
wild cards (jokers and 2s), and what each card stands for.

A meld on the table keeps, for every card, the place it takes (its *slot*): a rank in a
set ("7"), a rank and suit in a run ("7H"). A card is natural where its slot is its own
rank (set) or face (run); jokers never are. That is how a 2 standing for itself (in a
set of 2s, or at the 2-spot of its own suit's run) stays natural, and how a wild card's
place is known when someone wants to replace it.

Runs: one suit, consecutive ranks, 2 low and ace high only, no wrap (Q-K-A yes,
A-2-3 no), so at most 13 cards. Sets: one rank, any number of cards. Every meld needs
at least one natural card.

Where wild cards go in a new run: if the cards as given read as a run in that order
(lowest first), that order decides; otherwise the naturals sort themselves, a 2 of
the run's suit takes the 2-spot if that works, and the wild cards fill the gaps, then
extend the top, then the bottom.
"""

from .cards import ACE, JOKER, LOW, RANK_OF_VALUE, SUIT_NAME, SUITS, as_face, face, face_of, is_card, parse, rank_of
from .rummy import extended_start, lay_out, start_around, start_in_order

MIN_SIZE = 3
MAX_RUN = ACE - LOW + 1  # 13 cards: 2 to ace
KINDS = ("set", "run")
_UNLIMITED = 1000  # a set takes any number of cards


class MeldError(ValueError):
    """A meld or a lay-off that breaks the rules; `reason` says why, for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------- public helpers


def is_valid_meld(cards, kind: str) -> bool:
    """Whether these cards (faces "10H" or ids "10H:1") make a valid meld of this kind."""
    try:
        arrange(cards, kind)
    except MeldError:
        return False
    return True


def meld_problem(cards, kind: str) -> str | None:
    """Why these cards do not make a meld of this kind, in words; None when they do."""
    try:
        arrange(cards, kind)
    except MeldError as bad:
        return bad.reason
    return None


def arrange(cards, kind: str) -> tuple[list[str], list[str]]:
    """(cards in meld order, the slot of each card) for a valid meld; MeldError if not."""
    if kind not in KINDS:
        raise MeldError('Say whether the meld is a "set" or a "run".')
    if not isinstance(cards, (list, tuple)):
        raise MeldError("A meld is a list of cards.")
    for card in cards:
        if not is_card(card):
            raise MeldError(f"There is no card {card!r}.")
    if len(cards) < MIN_SIZE:
        raise MeldError(f"A meld needs at least {MIN_SIZE} cards.")
    info = [parse(card) for card in cards]
    if all(value == 0 for value, _ in info):
        raise MeldError("Every meld needs at least one natural card: jokers and 2s are wild.")
    if kind == "set":
        return _arrange_set(list(cards), info)
    return _arrange_run(list(cards), info)


def is_natural(card: str, slot: str) -> bool:
    """Whether a card stands for itself in this slot (and so cannot be replaced)."""
    name = face_of(card)
    if name == JOKER:
        return False
    if slot[-1] in SUITS:
        return name == slot
    return name[:-1] == slot


def room(meld: dict) -> int:
    """How many more cards a meld on the table can take: any number for a set."""
    return _UNLIMITED if meld["kind"] == "set" else MAX_RUN - len(meld["cards"])


def fits(meld: dict, card: str) -> bool:
    """Whether this one card can be laid off on this meld (same answer as `extend`)."""
    value, suit = parse(card)
    if meld["kind"] == "set":
        return value in (0, LOW) or rank_of(card) == meld["as"][0]
    if len(meld["cards"]) >= MAX_RUN:
        return False
    if value in (0, LOW):
        return True
    lo, hi = parse(meld["as"][0])[0], parse(meld["as"][-1])[0]
    return suit == meld["as"][0][-1] and value in (lo - 1, hi + 1)


def extend(meld: dict, new: list[str], end: str | None = None) -> tuple[list[str], list[str]]:
    """(cards, slots) of a table meld once these cards are laid off on it.

    The cards already there keep their slots. In a run, wild cards first fill the gaps
    up to the new naturals, then extend the top (the bottom if `end` is "low")."""
    if not new:
        raise MeldError("Lay off at least one card.")
    if meld["kind"] == "set":
        return _extend_set(meld, new)
    return _extend_run(meld, new, end)


# ---------------------------------------------------------------- sets


def _arrange_set(cards: list[str], info: list[tuple[int, str]]) -> tuple[list[str], list[str]]:
    ranked = [card for card, (value, _) in zip(cards, info) if value > LOW]
    for card in ranked[1:]:
        if rank_of(card) != rank_of(ranked[0]):
            raise MeldError(f"A set needs cards of one rank: {face(ranked[0])} and {face(card)} differ.")
    # With no other natural rank the 2s stand for themselves: a set of 2s.
    rank = rank_of(ranked[0]) if ranked else "2"
    return cards, [rank] * len(cards)


def _extend_set(meld: dict, new: list[str]) -> tuple[list[str], list[str]]:
    rank = meld["as"][0]
    for card in new:
        value, _ = parse(card)
        if value not in (0, LOW) and rank_of(card) != rank:
            raise MeldError(f"{face(card)} does not fit a set of {rank}s.")
    return meld["cards"] + list(new), meld["as"] + [rank] * len(new)


# ---------------------------------------------------------------- runs


def _arrange_run(cards: list[str], info: list[tuple[int, str]]) -> tuple[list[str], list[str]]:
    size = len(cards)
    if size > MAX_RUN:
        raise MeldError(f"A run has at most {MAX_RUN} cards, from 2 to ace.")
    naturals = [(card, value, suit) for card, (value, suit) in zip(cards, info) if value > LOW]
    if not naturals:  # 2s and jokers only: a 2 at the 2-spot of its own suit
        suit = next(suit for value, suit in info if value == LOW)
        return _place(cards, info, suit, LOW)
    first, suit = naturals[0][0], naturals[0][2]
    for card, _, other in naturals:
        if other != suit:
            raise MeldError(
                f"A run needs cards of one suit: {face(first)} is a {SUIT_NAME[suit]}, "
                f"{face(card)} a {SUIT_NAME[other]}."
            )
    values = sorted(value for _, value, _ in naturals)
    for a, b in zip(values, values[1:]):
        if a == b:
            raise MeldError(f"A run has one card of each rank: {face(RANK_OF_VALUE[a] + suit)} is there twice.")
    in_order = _read_in_order(cards, info)
    if in_order:
        return in_order
    lo, hi = values[0], values[-1]
    own_two = any(value == LOW and other == suit for value, other in info)
    if own_two and hi - 1 <= size:  # the 2 stands for itself at the bottom
        return _place(cards, info, suit, LOW)
    start = start_around(values, size, LOW, ACE)
    if start is not None:
        return _place(cards, info, suit, start)
    if hi == ACE and _fits_ace_low(values, own_two, size):
        raise MeldError("Aces are high only: A-2-3 is not a run (Q-K-A is).")
    missing = hi - lo + 1 - len(values)
    wild = size - len(values)
    low_card, high_card = face(RANK_OF_VALUE[lo] + suit), face(RANK_OF_VALUE[hi] + suit)
    raise MeldError(
        f"{low_card} and {high_card} are too far apart: the gaps need {missing} wild "
        f"card{'s' * (missing != 1)} and there {'is' if wild == 1 else 'are'} {wild}."
    )


def _fits_ace_low(values: list[int], own_two: bool, size: int) -> bool:
    """Whether these naturals would make a run if the ace counted as 1."""
    low = sorted(1 if value == ACE else value for value in values)
    top = max(low[-1], LOW if own_two else 1)
    return top - low[0] + 1 <= size


def _read_in_order(cards: list[str], info: list[tuple[int, str]]) -> tuple[list[str], list[str]] | None:
    """The run these cards make in the order given, lowest first; None if they do not."""
    start = start_in_order([value if value > LOW else None for value, _ in info], LOW, ACE)
    if start is None:
        return None
    suit = next(suit for value, suit in info if value > LOW)
    return list(cards), [RANK_OF_VALUE[start + k] + suit for k in range(len(cards))]


def _place(cards: list[str], info: list[tuple[int, str]], suit: str, start: int) -> tuple[list[str], list[str]]:
    """Lay the cards out as the run start..start+n-1: naturals at their ranks, a 2 of the
    suit at the 2-spot if that is free, the wild cards in the remaining places."""
    values: list[int | None] = [value if value > LOW else None for value, _ in info]
    if start == LOW:  # no natural is below 3: the first 2 of the suit stands for itself
        own = next((k for k, card in enumerate(info) if card == (LOW, suit)), None)
        if own is not None:
            values[own] = LOW
    return lay_out(cards, values, start), [RANK_OF_VALUE[start + k] + suit for k in range(len(cards))]


def _extend_run(meld: dict, new: list[str], end: str | None) -> tuple[list[str], list[str]]:
    suit = meld["as"][0][-1]
    lo, hi = parse(meld["as"][0])[0], parse(meld["as"][-1])[0]
    size = len(meld["cards"]) + len(new)
    if size > MAX_RUN:
        raise MeldError(f"A run has at most {MAX_RUN} cards, from 2 to ace.")
    naturals, seen = [], set()
    for card in new:
        value, other = parse(card)
        if value <= LOW:
            continue
        if other != suit:
            raise MeldError(f"{face(card)} is not a {SUIT_NAME[suit]}: this run is in {SUIT_NAME[suit]}s.")
        if lo <= value <= hi:
            raise MeldError(f"The run already has a card for {face(card)}; replace a wild card instead.")
        if value in seen:
            raise MeldError(f"A run has one card of each rank: {face(card)} is there twice.")
        seen.add(value)
        naturals.append((card, value))
    own_two = next((card for card in new if parse(card) == (LOW, suit)), None)
    options = [own_two, None] if own_two is not None and lo > LOW and end != "high" else [None]
    for two in options:
        placed = naturals + ([(two, LOW)] if two else [])
        wild = sum(1 for card in new if card != two and parse(card)[0] <= LOW)
        start = extended_start(lo, hi, [value for _, value in placed], wild, LOW, ACE, end)
        if start is None:
            continue
        given = dict(placed)
        values = [parse(slot)[0] for slot in meld["as"]] + [given.get(card) for card in new]
        slots = [RANK_OF_VALUE[start + k] + suit for k in range(size)]
        return lay_out(meld["cards"] + list(new), values, start), slots
    raise MeldError(
        f"These cards do not join the run {as_face(meld['as'][0])}…{as_face(meld['as'][-1])}: "
        "a run grows only at its ends, with no gap."
    )
