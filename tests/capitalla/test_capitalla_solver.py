"""The Capitalla solver: group checks, declarations, and a cross-check by brute force."""

from functools import cache
from itertools import product
from string import ascii_uppercase

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.capitalla.engine import (
    CARDS,
    InvalidGroup,
    arrange,
    can_declare,
    find_declaration,
    group_kind,
)

# P pure, K-L-M mixed, B with a joker (Egypt), N pure of four (Nauru counts as N)
WINNING = ["FRA", "CZE", "PAN", "AFG", "GBR", "RUS", "THA", "IRQ", "EGY", "NRU", "TON", "TCD", "BHS"]
# the same shape with only impure groups: K-L-M-N, B + joker, P + joker, R + joker
NO_PURE = ["AFG", "GBR", "RUS", "NRU", "THA", "IRQ", "EGY", "FRA", "CZE", "AUS", "ITA", "LVA", "DNK"]


def assert_declaration(hand, groups):
    assert sorted(card for group in groups for card in group) == sorted(hand)
    kinds = [group_kind(group) for group in groups]
    assert any(pure for _, pure in kinds)


# ---------------------------------------------------------------- single groups


@pytest.mark.parametrize(
    "group, kind",
    [
        (["FRA", "CZE", "PAN"], ("same", True)),  # Paris, Prague, Panama City
        (["THA", "IRQ", "EGY"], ("same", False)),  # Bangkok, Baghdad + a joker
        (["AFG", "GBR", "RUS"], ("mixed", False)),  # Kabul, London, Moscow: K-L-M
        (["EGY", "AUS", "DNK"], ("same", True)),  # three jokers are a pure group
        (["EGY", "AUS", "DNK", "VEN", "GIN"], ("same", True)),
        (["FRA", "CZE", "ZAF"], ("same", True)),  # South Africa as P (Pretoria)
        (["THA", "IRQ", "ZAF"], ("same", True)),  # ... as B (Bloemfontein)
        (["AFG", "GBR", "ZAF"], ("mixed", False)),  # ... as a joker (Cape Town)
        (["NRU", "TON", "TCD"], ("same", True)),  # Nauru counts as N
        (["MEX", "RUS", "ESP"], ("same", True)),  # Mexico City counts as M
        (["POL", "EGY", "ARM"], ("mixed", False)),  # W-X-Y, X by a joker
        (["EGY", "AUS", "HRV"], ("same", False)),  # joker, joker, Z
        (["ARM", "HRV", "EGY"], ("mixed", False)),  # X-Y-Z
        (["GBR", "BOL", "PER"], ("same", True)),  # Bolivia as L (La Paz)
        (["SWE", "BOL", "KOR"], ("same", True)),  # ... as S (Sucre)
        (["AFG", "EGY", "RUS", "NRU", "NOR"], ("mixed", False)),  # K-L-M-N-O
    ],
)
def test_group_kinds(group, kind):
    assert group_kind(group) == kind


@pytest.mark.parametrize(
    "group, reason",
    [
        (["AFG", "GBR", "IRN"], "Iran (Tehran) does not fit a K-L-M group."),
        (["FRA", "CZE", "GBR"], "United Kingdom (London) does not fit a P group."),
        (["AFG", "GBR", "RUS", "MEX"], "Mexico (Mexico City) does not fit a K-L-M-N group."),
        (["FRA", "GBR"], "A group needs at least 3 cards, not 2."),
    ],
)
def test_invalid_groups_say_why(group, reason):
    with pytest.raises(InvalidGroup) as refused:
        group_kind(group)
    assert refused.value.reason == reason


def test_no_wrap_around_z_a_b():
    with pytest.raises(InvalidGroup):
        group_kind(["HRV", "WSM", "THA"])  # Zagreb, Apia, Bangkok
    with pytest.raises(InvalidGroup):
        group_kind(["HRV", "EGY", "WSM"])  # Z, joker, A


def test_x_only_by_a_joker():
    with pytest.raises(InvalidGroup):
        group_kind(["POL", "ARM", "HRV"])  # W, Y, Z: nothing stands for X
    assert group_kind(["POL", "EGY", "ARM", "HRV"]) == ("mixed", False)


def test_a_mixed_group_has_one_card_per_letter():
    with pytest.raises(InvalidGroup):
        group_kind(["AFG", "GBR", "PER"])  # K, L, L


# ---------------------------------------------------------------- whole hands


def test_a_winning_hand_is_arranged():
    assert can_declare(WINNING)
    assert_declaration(WINNING, arrange(WINNING))


def test_a_pure_group_is_required():
    assert not can_declare(NO_PURE)
    assert arrange(NO_PURE) is None


def test_three_jokers_can_be_the_pure_group():
    # K-L-M-N, O-P-Q, R-S-T are mixed; only the three jokers make a pure group.
    hand = ["AFG", "GBR", "RUS", "NRU", "NOR", "FRA", "ECU", "ITA", "SWE", "IRN", "EGY", "AUS", "DNK"]
    assert_declaration(hand, arrange(hand))
    assert ["AUS", "DNK", "EGY"] in [sorted(group) for group in arrange(hand)]


def test_multi_capital_card_as_natural_makes_the_pure_group():
    # Only South Africa as P (Pretoria) turns France + Czechia into a pure group.
    hand = ["FRA", "CZE", "ZAF", "AFG", "GBR", "RUS", "NRU", "THA", "IRQ", "EGY", "ITA", "LVA", "AUS"]
    assert_declaration(hand, arrange(hand))
    # A plain joker instead (Denmark) cannot: the hand has no pure group then.
    assert not can_declare([card if card != "ZAF" else "DNK" for card in hand])


def test_joker_joker_z_and_joker_at_x():
    # W-X-Y with a joker at X; Z with two jokers before it.
    hand = ["POL", "EGY", "ARM", "HRV", "AUS", "DNK", "FRA", "CZE", "PAN", "AFG", "GBR", "RUS", "NRU"]
    assert_declaration(hand, arrange(hand))


def test_spare_jokers_join_an_impure_group():
    # 4 jokers, naturals that need only two of them: the other two must fit somewhere.
    hand = ["FRA", "CZE", "PAN", "AFG", "GBR", "RUS", "THA", "IRQ", "NRU", "TON", "EGY", "AUS", "DNK"]
    assert_declaration(hand, arrange(hand))


def test_find_declaration_picks_the_discard():
    discard, groups = find_declaration(WINNING + ["IRN"])
    assert discard == "IRN"
    assert_declaration(WINNING, groups)


def test_find_declaration_none_without_one():
    assert find_declaration(NO_PURE + ["IRN"]) is None


def test_answers_are_fresh_lists():
    groups = arrange(WINNING)
    groups[0].append("IRN")
    assert "IRN" not in {card for group in arrange(WINNING) for card in group}


# ---------------------------------------------------------------- brute force


def reference_group(ids):
    """(valid, pure) read straight from the rule text."""
    cards = [CARDS[i] for i in ids]
    if len(cards) < 3:
        return False, False
    jokers = [card for card in cards if "C" in card.letters]
    letters = ascii_uppercase
    pure = len(jokers) == len(cards) or any(all(x in c.letters for c in cards) for x in letters)
    same = any(all(x in c.letters or "C" in c.letters for c in cards) for x in letters)
    if same:
        return True, pure
    tame = [card for card in cards if "C" not in card.letters]
    for pick in product(*(sorted(card.letters) for card in tame)):
        places = [letters.index(x) for x in pick]
        if len(set(places)) == len(places) and max(places) - min(places) < len(cards):
            return True, False
    return False, False


def reference_can_declare(ids):
    """Try every split into groups, each group holding the first card left."""

    @cache
    def split(rest, pure):
        if not rest:
            return pure
        first, others = rest[0], rest[1:]
        for mask in range(1 << len(others)):
            group = (first,) + tuple(o for k, o in enumerate(others) if mask >> k & 1)
            valid, group_pure = reference_group(group)
            left = tuple(o for k, o in enumerate(others) if not mask >> k & 1)
            if valid and split(left, pure or group_pure):
                return True
        return False

    return split(tuple(sorted(ids)), False)


JOKERS_AND_CHOICES = sorted(i for i, c in CARDS.items() if "C" in c.letters or len(c.letters) > 1)


@st.composite
def crowded_hands(draw, sizes=(3, 9)):
    """Cards from a few neighbouring letters plus jokers, so that groups are likely."""
    start = draw(st.integers(0, 22))
    letters = set(ascii_uppercase[start : start + draw(st.integers(1, 5))])
    pool = sorted({i for i, c in CARDS.items() if c.letters & letters} | set(JOKERS_AND_CHOICES))
    size = draw(st.integers(*sizes))
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@settings(max_examples=300)
@given(crowded_hands(sizes=(2, 7)))
def test_group_kind_matches_the_rule_text(group):
    valid, pure = reference_group(group)
    if valid:
        assert group_kind(group)[1] == pure
    else:
        with pytest.raises(InvalidGroup):
            group_kind(group)


@settings(max_examples=150)
@given(crowded_hands())
def test_solver_matches_brute_force(hand):
    expected = reference_can_declare(hand)
    assert can_declare(hand) == expected
    groups = arrange(hand)
    assert (groups is not None) == expected
    if groups:
        assert_declaration(hand, groups)
        assert all(reference_group(group)[0] for group in groups)


@settings(max_examples=40)
@given(crowded_hands(sizes=(4, 8)))
def test_find_declaration_matches_brute_force(hand):
    expected = any(reference_can_declare([c for c in hand if c != out]) for out in hand)
    found = find_declaration(hand)
    assert (found is not None) == expected
    if found:
        discard, groups = found
        assert_declaration([c for c in hand if c != discard], groups)
