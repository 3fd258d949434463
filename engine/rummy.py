"""What the rummy games share whatever their cards (Cap-It's standard cards, Rummathon's
coloured numbers): where a run with wild cards starts, how its cards are laid out, how it
grows when cards are added at its ends, and how a list of groups is said in words.

A run here is numbers only: a card's value is its number, or None for a wild card, and
`low`/`high` are the game's lowest and highest numbers (no wrap-around). Each game keeps
its own checks (suits or colours, which cards are wild) and its own messages.
"""

_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def start_in_order(values: list[int | None], low: int, high: int) -> int | None:
    """The first number of the run these cards make in the order given (lowest first),
    wild cards taking the places between; None if they do not read as a run."""
    start = None
    for k, value in enumerate(values):
        if value is None:
            continue
        if start is None:
            start = value - k
        elif value - k != start:
            return None
    if start is None or start < low or start + len(values) - 1 > high:
        return None
    return start


def start_around(naturals: list[int], size: int, low: int, high: int) -> int | None:
    """The first number of a run of `size` places holding these distinct natural numbers:
    the spare places (wild cards) extend the top first, then the bottom. None if the
    naturals lie too far apart for `size` places or the run would not fit low..high."""
    lo, hi = min(naturals), max(naturals)
    extra = size - (hi - lo + 1)
    if extra < 0 or size > high - low + 1:
        return None
    up = min(extra, high - hi)
    return lo - (extra - up)


def lay_out(cards: list, values: list[int | None], start: int) -> list:
    """The cards in run order from `start`: each natural at its number, the wild cards in
    the places left, in the order given. Assumes the naturals fit (see `start_around`)."""
    placed: list = [None] * len(cards)
    wild = []
    for card, value in zip(cards, values):
        if value is None:
            wild.append(card)
        else:
            placed[value - start] = card
    spare = iter(wild)
    return [card if card is not None else next(spare) for card in placed]


def extended_start(
    lo: int, hi: int, new: list[int], wild: int, low: int, high: int, end: str | None = None
) -> int | None:
    """The first number of the run lo..hi once the natural numbers `new` (all outside
    lo..hi) and `wild` wild cards join it: the wild cards first fill the gaps up to the new
    naturals, then extend the top (the bottom as far as it goes if `end` is "low"). None if the gaps need
    more wild cards than there are, or the run would leave low..high."""
    bottom, top = min([lo, *new]), max([hi, *new])
    gaps = top - bottom + 1 - (hi - lo + 1) - len(new)
    if gaps > wild:
        return None
    extra = wild - gaps
    down = min(extra, bottom - low) if end == "low" else extra - min(extra, high - top)
    start = bottom - down
    if start < low or top + (extra - down) > high:
        return None
    return start


def groups_text(items: list[tuple[str, int]]) -> str:
    """A list of (kind name, size) in words, equal items counted together in the order
    they first come: "two sets of 3 and a run of 4", "a colour group of 5"."""
    parts = []
    for name, size in dict.fromkeys(items):
        count = items.count((name, size))
        parts.append(f"{_COUNT_WORDS.get(count, count)} {name}{'s' * (count > 1)} of {size}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
