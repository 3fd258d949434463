"""Properties of Rummathon groups and the solver over random cards (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rummathon.engine import (
    COLOURS,
    RULE_CARDS,
    action,
    arrange,
    colour,
    deck,
    find_sequence,
    hit,
    is_flex,
    meets,
    number,
    shortfall,
)

FLEX = [f"FLEX:{copy}" for copy in range(8)]
SEQUENCES = [requirement for card in RULE_CARDS for requirement in card["sequences"]]


@st.composite
def runs(draw):
    """A valid run, shuffled: consecutive numbers in random colours, some Flex in place
    of naturals (at least one natural stays)."""
    size = draw(st.integers(3, 12))
    start = draw(st.integers(1, 13 - size))
    cards = [f"{draw(st.sampled_from(COLOURS))}{start + k}:{draw(st.integers(0, 1))}" for k in range(size)]
    flex = draw(st.lists(st.integers(0, size - 1), unique=True, max_size=min(size - 1, 8)))
    for k, place in enumerate(flex):
        cards[place] = FLEX[k]
    return draw(st.permutations(cards)), start


@given(runs())
def test_a_run_with_flex_in_any_order_is_a_run_of_consecutive_numbers(case):
    cards, _ = case
    ordered, slots = arrange(cards, "run")
    assert sorted(ordered) == sorted(cards)
    numbers = [int(slot) for slot in slots]
    assert numbers == list(range(numbers[0], numbers[0] + len(cards))) and 1 <= numbers[0] and numbers[-1] <= 12
    assert all(number(card) == int(slot) for card, slot in zip(ordered, slots) if not is_flex(card))


@given(st.sampled_from(["set", "colour"]), st.integers(1, 12), st.sampled_from(COLOURS), st.integers(3, 10), st.data())
def test_a_set_or_colour_group_with_flex_keeps_its_cards_and_one_slot(kind, value, shade, size, data):
    if kind == "set":
        naturals = [f"{c}{value}:{copy}" for c in COLOURS for copy in (0, 1)]
    else:
        naturals = [f"{shade}{n}:{copy}" for n in range(1, 13) for copy in (0, 1)]
    chosen = data.draw(st.lists(st.sampled_from(naturals), min_size=1, max_size=size, unique=True))
    cards = data.draw(st.permutations(chosen + FLEX[: size - len(chosen)]))
    ordered, slots = arrange(cards, kind)
    assert ordered == list(cards) and slots == [str(value) if kind == "set" else shade] * len(cards)


@given(runs())
def test_an_arranged_run_reads_back_the_same(case):
    cards, _ = case
    ordered, slots = arrange(cards, "run")
    assert arrange(ordered, "run") == (ordered, slots)


@given(runs(), st.integers(1, 3), st.sampled_from([None, "low", "high"]))
def test_hitting_a_run_keeps_it_a_run_holding_every_card(case, extra, end):
    cards, _ = case
    group = {"kind": "run", "cards": arrange(cards, "run")[0]}
    spare = [card for card in FLEX if card not in cards][:extra]
    if len(cards) + len(spare) > 12 or not spare:
        return
    grown = hit(group, spare, end)
    assert sorted(grown["cards"]) == sorted(cards + spare)
    assert arrange(grown["cards"], "run")[0] == grown["cards"]
    # The cards already there keep their numbers.
    slots = arrange(grown["cards"], "run")[1]
    before = dict(zip(*arrange(group["cards"], "run")))
    assert all(before[card] == slot for card, slot in zip(grown["cards"], slots) if card in before)


@settings(max_examples=150)
@given(st.integers(0, 10**6), st.integers(8, 24), st.sampled_from(SEQUENCES))
def test_the_solver_returns_only_valid_groups_from_the_hand(seed, size, requirement):
    hand = random.Random(seed).sample(deck(), size)
    groups = find_sequence(hand, requirement)
    if groups is None:
        assert shortfall(hand, requirement) >= 1
        return
    used = [card for group in groups for card in group["cards"]]
    assert meets(requirement, groups)
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    assert len(used) < len(hand) or len(used) == sum(item["size"] for item in requirement)
    assert shortfall(hand, requirement) == 0


@settings(max_examples=200)
@given(st.integers(0, 10**6), st.sampled_from(SEQUENCES), st.integers(0, 6), st.booleans())
def test_the_solver_finds_a_sequence_dealt_into_a_hand(seed, requirement, extra, with_flex):
    """Deal a valid lay-down of the sequence plus random cards, some of its places held
    by Flex cards if `with_flex`: the solver finds a lay-down needing no more Flex."""
    rng = random.Random(seed)
    pile = [card for card in deck() if not is_flex(card)]
    rng.shuffle(pile)
    hand, flex = [], list(FLEX)
    for item in sorted(requirement, key=lambda item: item["kind"] != "run"):  # runs first: they need given numbers
        group = _natural_group(rng, pile, item)
        wild = rng.randint(0, min(len(group) - 1, len(flex))) if with_flex else 0
        for place in rng.sample(range(len(group)), wild):
            pile.append(group[place])
            group[place] = flex.pop()
        hand += group
    rng.shuffle(pile)
    hand += [pile.pop() for _ in range(extra)]
    groups = find_sequence(hand, requirement)
    assert groups is not None and meets(requirement, groups)
    assert sum(is_flex(card) for group in groups for card in group["cards"]) <= len(FLEX) - len(flex)


def _natural_group(rng, pile, item):
    """Cards from the pile making a group of this item (no Flex), taken out of the pile."""
    size = item["size"]
    if item["kind"] == "run":
        start = rng.randint(1, 13 - size)
        taken = [next(card for card in pile if number(card) == n) for n in range(start, start + size)]
    else:
        trait = number if item["kind"] == "set" else colour
        by_trait = {}
        for card in pile:
            if not action(card):
                by_trait.setdefault(trait(card), []).append(card)
        enough = sorted(key for key, cards in by_trait.items() if len(cards) >= size)
        taken = by_trait[rng.choice(enough)][:size]
    for card in taken:
        pile.remove(card)
    return taken
