"""Cap-It contracts: what each round asks for, and a solver that finds it in a hand.

The solver works on counts: natural cards per (rank, suit) and a number of wild cards
(jokers and 2s). It picks the runs first (each a window of ranks in one suit, searched
branch-and-bound, fewest wild cards first), then the sets from what is left (the ranks
needing the fewest wild cards). It is good rather than exhaustive: it never builds two
sets of one rank, nor a meld whose only natural card is a 2. `apply` accepts any valid
arrangement a player builds.
"""

from engine.cards import ACE, JOKER, LOW, SUITS, parse
from engine.melds import KINDS, MIN_SIZE, MeldError, arrange
from engine.rummy import groups_text

# The letters a contract's melds go under while a player builds them (A, B, C).
GROUPS = ("A", "B", "C")
CONTRACTS = (
    (("set", 3), ("set", 3)),
    (("set", 3), ("run", 4)),
    (("run", 4), ("run", 4)),
    (("set", 3), ("set", 3), ("set", 3)),
    (("run", 3), ("run", 7)),
)
ROUNDS = len(CONTRACTS)
_VALUES = range(LOW + 1, ACE + 1)  # natural ranks for the solver: 3..A


def contract_text(number: int) -> str:
    """ "two sets of 3", "a run of 3 and a run of 7", …"""
    return groups_text(list(CONTRACTS[number - 1]))


def lay_exactly(number: int) -> str:
    """Why a lay-down with another number of melds than round `number`'s contract is refused."""
    return (
        f"Round {number}'s contract is {contract_text(number)}: lay down exactly that, "
        "all in one go (more melds can follow once it is down)."
    )


def contract_problem(melds: list[tuple[str, int]], number: int) -> str | None:
    """Why melds of these (kind, size) do not meet round `number`'s contract; None if they do."""
    need = CONTRACTS[number - 1]
    for kind in KINDS:
        want = sorted((size for k, size in need if k == kind), reverse=True)
        have = sorted((size for k, size in melds if k == kind), reverse=True)
        if len(have) != len(want):
            return lay_exactly(number)
        for got, least in zip(have, want):
            if got < least:
                return f"Round {number}'s contract is {contract_text(number)}: a {kind} of {got} is too short."
    return None


# ---------------------------------------------------------------- the solver


class _Hand:
    """A hand as the solver sees it: natural cards per (rank, suit), and wild cards."""

    def __init__(self, cards: list[str]):
        self.counts = [[0] * (ACE + 1) for _ in SUITS]
        self.ids: dict[tuple[int, int], list[str]] = {}
        self.wild: list[str] = []
        for card in sorted(cards):
            value, suit = parse(card)
            if value <= LOW:
                self.wild.append(card)
            else:
                s = SUITS.index(suit)
                self.counts[s][value] += 1
                self.ids.setdefault((value, s), []).append(card)
        # Jokers are given away first: they cost the most when the round ends.
        self.wild.sort(key=lambda card: card[:2] != JOKER)


class Plan:
    """The best contract layout found: runs as (suit index, start, size), sets as ranks.

    `fill` is the number of places wild cards must take (all of them, for a meld with no
    natural card yet); `short` counts those melds, each missing at least one card."""

    def __init__(self, fill: int, runs: list[tuple[int, int, int]], sets: list[int], short: int):
        self.fill, self.runs, self.sets, self.short = fill, runs, sets, short

    def missing(self, wild: int) -> int:
        """Cards still to find to meet the contract with this many wild cards."""
        return max(self.short, self.fill - wild + self.short)


def best_plan(hand: _Hand, number: int) -> Plan:
    need = CONTRACTS[number - 1]
    run_sizes = sorted((size for kind, size in need if kind == "run"), reverse=True)
    set_count = sum(kind == "set" for kind, _ in need)
    best: list[Plan] = []
    runs: list[tuple[int, int, int]] = []

    def search(i: int, fill: int, short: int, floor: tuple[int, int]) -> None:
        if best and fill >= best[0].fill:
            return
        if i == len(run_sizes):
            sets, set_fill, set_short = _best_sets(hand.counts, set_count)
            key = (fill + set_fill, short + set_short)
            if not best or key < (best[0].fill, best[0].short):
                best[:] = [Plan(key[0], list(runs), sets, key[1])]
            return
        size = run_sizes[i]
        same = i > 0 and size == run_sizes[i - 1]
        candidates = _run_candidates(hand.counts, size)
        for c_fill, s, start in candidates:
            if same and (s, start) < floor:
                continue
            if best and fill + c_fill >= best[0].fill:
                break
            taken = _take(hand.counts, s, start, size)
            runs.append((s, start, size))
            search(i + 1, fill + c_fill, short, (s, start))
            runs.pop()
            for value in taken:
                hand.counts[s][value] += 1
        if not candidates:  # no natural card for this run yet
            runs.append((-1, 0, size))
            search(i + 1, fill + size, short + 1, floor)
            runs.pop()

    search(0, 0, 0, (-1, 0))
    return best[0]


def _run_candidates(counts: list[list[int]], size: int) -> list[tuple[int, int, int]]:
    """(wild places needed, suit index, start) of every window holding a natural."""
    out = []
    for s, row in enumerate(counts):
        prefix = [0]
        for value in range(ACE + 1):
            prefix.append(prefix[-1] + (row[value] > 0))
        for start in range(LOW, ACE - size + 2):
            present = prefix[start + size] - prefix[start]
            if present:
                out.append((size - present, s, start))
    out.sort()
    return out


def _take(counts: list[list[int]], s: int, start: int, size: int) -> list[int]:
    taken = [value for value in range(start, start + size) if counts[s][value] > 0]
    for value in taken:
        counts[s][value] -= 1
    return taken


def _best_sets(counts: list[list[int]], wanted: int) -> tuple[list[int], int, int]:
    """(ranks, wild places, sets without a natural) of the cheapest `wanted` sets."""
    if not wanted:
        return [], 0, 0
    options = []
    for value in _VALUES:
        have = counts[0][value] + counts[1][value] + counts[2][value] + counts[3][value]
        if have:
            options.append((max(0, MIN_SIZE - have), -have, value))
    options.sort()
    chosen = options[:wanted]
    short = wanted - len(chosen)
    return [value for _, _, value in chosen], sum(fill for fill, _, _ in chosen) + MIN_SIZE * short, short


def find_contract(cards: list[str], number: int) -> list[dict] | None:
    """Melds ({"kind", "cards"}) meeting round `number`'s contract from these cards, or None.

    Runs grow with the naturals left over at either end; sets take every natural of
    their rank that no run needed."""
    hand = _Hand(cards)
    plan = best_plan(hand, number)
    if plan.short or plan.fill > len(hand.wild):
        return None
    ids = {key: list(value) for key, value in hand.ids.items()}
    wild = list(hand.wild)
    built = []
    for s, start, size in plan.runs:
        run = []
        for value in range(start, start + size):
            if ids.get((value, s)):
                run.append(ids[(value, s)].pop())
            else:
                own = next((c for c in wild if value == LOW and parse(c) == (LOW, SUITS[s])), None)
                run.append(own or wild[0])
                wild.remove(run[-1])
        built.append(["run", run, s, start, start + size - 1])
    for value in plan.sets:
        group = [card for s in range(len(SUITS)) for card in ids.get((value, s), [])]
        for s in range(len(SUITS)):
            ids[(value, s)] = []
        while len(group) < MIN_SIZE:
            group.append(wild.pop(0))
        built.append(["set", group, None, value, value])
    for meld in built:  # runs take the naturals left at their ends
        if meld[0] == "run":
            _grow(meld, ids)
    melds = []
    for kind, group, *_ in built:
        try:
            ordered, _ = arrange(group, kind)
        except MeldError:  # never expected: the solver builds valid melds only
            return None
        melds.append({"kind": kind, "cards": ordered})
    return in_contract_order(melds, number)


def in_contract_order(melds: list[dict], number: int) -> list[dict]:
    """Melds meeting round `number`'s contract, in the order of its groups (A, B, C), so
    that group A is the contract's first meld: of one kind, the shortest to the smallest."""
    need = CONTRACTS[number - 1]
    placed = list(melds)
    for kind in KINDS:
        groups = sorted((i for i, (k, _) in enumerate(need) if k == kind), key=lambda i: need[i][1])
        fitting = sorted((m for m in melds if m["kind"] == kind), key=lambda m: len(m["cards"]))
        for i, meld in zip(groups, fitting):
            placed[i] = meld
    return placed


def _grow(meld: list, ids: dict) -> None:
    _, run, s, lo, hi = meld
    while hi < ACE and ids.get((hi + 1, s)):
        hi += 1
        run.append(ids[(hi, s)].pop())
    while lo > LOW + 1 and ids.get((lo - 1, s)):
        lo -= 1
        run.insert(0, ids[(lo, s)].pop())
    meld[3], meld[4] = lo, hi


def contract_missing(cards: list[str], number: int) -> tuple[int, set[str]]:
    """(how many cards this hand still lacks for the contract, the cards the plan uses)."""
    hand = _Hand(cards)
    plan = best_plan(hand, number)
    used = set(hand.wild)
    counts = [list(row) for row in hand.counts]
    for s, start, size in plan.runs:
        if s >= 0:
            for value in range(start, start + size):
                if counts[s][value] > 0:
                    counts[s][value] -= 1
                    used.add(hand.ids[(value, s)][counts[s][value]])
    for value in plan.sets:
        for s in range(len(SUITS)):
            used.update(hand.ids.get((value, s), [])[: counts[s][value]])
    return plan.missing(len(hand.wild)), used


def find_melds(cards: list[str]) -> list[dict]:
    """Melds this hand could put down on its own (after the contract): every set of 3+
    naturals of a rank, every run of 3+ naturals, and with a wild card pairs and
    one-gap runs made whole. Each is valid on its own; together they may share cards."""
    hand = _Hand(cards)
    wild = hand.wild[0] if hand.wild else None
    out = []
    for value in _VALUES:
        group = [card for s in range(len(SUITS)) for card in hand.ids.get((value, s), [])]
        if len(group) >= MIN_SIZE:
            out.append({"kind": "set", "cards": group})
        elif len(group) == 2 and wild:
            out.append({"kind": "set", "cards": group + [wild]})
    for s in range(len(SUITS)):
        row = hand.counts[s]
        value = LOW + 1
        while value <= ACE:
            if not row[value]:
                value += 1
                continue
            end = value
            while end + 1 <= ACE and row[end + 1]:
                end += 1
            run = [hand.ids[(v, s)][0] for v in range(value, end + 1)]
            if len(run) >= MIN_SIZE:
                out.append({"kind": "run", "cards": run})
            elif wild:
                gap = end + 2 <= ACE and row[end + 2]
                if gap:  # one wild card bridges to the next stretch
                    after = end + 2
                    while after + 1 <= ACE and row[after + 1]:
                        after += 1
                    bridge = run + [wild] + [hand.ids[(v, s)][0] for v in range(end + 2, after + 1)]
                    out.append({"kind": "run", "cards": bridge})
                elif len(run) == 2:
                    out.append({"kind": "run", "cards": run + [wild] if end < ACE else [wild] + run})
            value = end + 1
    return out
