"""The six Rummathon rule cards: twelve sequences each, at most 11 cards, mixing the three
kinds of group, the first easy and each harder than the one before."""

import random
from functools import cache

import pytest

from games.rummathon import engine as rummathon
from games.rummathon.engine import RULE_CARDS, deck, find_sequence, sequence_size, sequence_text

KINDS = {"set", "run", "colour"}


def test_six_named_cards_of_twelve_sequences_are_exported():
    assert rummathon.RULE_CARDS is RULE_CARDS
    assert len(RULE_CARDS) == 6
    assert len({card["name"] for card in RULE_CARDS}) == 6
    assert RULE_CARDS[0]["name"] == "Crown"
    assert all(len(card["sequences"]) == 12 for card in RULE_CARDS)


def test_no_two_cards_are_alike():
    shapes = [str(card["sequences"]) for card in RULE_CARDS]
    assert len(set(shapes)) == 6


@pytest.mark.parametrize("card", RULE_CARDS, ids=lambda card: card["name"])
def test_every_sequence_is_of_known_groups_of_three_or_more_and_at_most_11_cards(card):
    for requirement in card["sequences"]:
        assert requirement and all(set(item) == {"kind", "size"} for item in requirement)
        assert all(item["kind"] in KINDS and item["size"] >= 3 for item in requirement)
        assert sequence_size(requirement) <= 11


@pytest.mark.parametrize("card", RULE_CARDS, ids=lambda card: card["name"])
def test_every_card_mixes_sets_runs_and_colour_groups(card):
    assert {item["kind"] for requirement in card["sequences"] for item in requirement} == KINDS


@pytest.mark.parametrize("card", RULE_CARDS, ids=lambda card: card["name"])
def test_every_card_starts_easy_and_no_sequence_is_repeated_on_it(card):
    assert sequence_size(card["sequences"][0]) <= 9
    shapes = [sorted((item["kind"], item["size"]) for item in requirement) for requirement in card["sequences"]]
    assert all(shapes.count(shape) == 1 for shape in shapes)


# Random 18-card hands stand for a hand that has kept its useful cards for a few turns.
HANDS = [random.Random(seed).sample(deck(), 18) for seed in range(150)]


@cache
def _met_along(name):
    """How many of the hands meet each sequence of this card."""
    card = next(card for card in RULE_CARDS if card["name"] == name)
    return [sum(find_sequence(hand, requirement) is not None for hand in HANDS) for requirement in card["sequences"]]


@pytest.mark.parametrize("card", RULE_CARDS, ids=lambda card: card["name"])
def test_sequences_get_harder_along_every_card(card):
    met = _met_along(card["name"])
    # A few hands of slack for the sampling (games/rummathon/bench/bench_solver.py uses 1000 hands).
    assert all(later <= earlier + 6 for earlier, later in zip(met, met[1:])), met
    assert met[0] >= 0.85 * len(HANDS) and met[-1] <= 0.25 * len(HANDS), met


def test_the_cards_are_about_as_hard_as_one_another():
    totals = [sum(_met_along(card["name"])) for card in RULE_CARDS]
    assert max(totals) <= 1.2 * min(totals), totals


def test_sequence_text_says_a_rule_card_line():
    assert sequence_text(RULE_CARDS[0]["sequences"][0]) == "a set of 3 and a run of 4"
    assert sequence_text(RULE_CARDS[2]["sequences"][1]) == "two colour groups of 5"
    assert sequence_text(RULE_CARDS[5]["sequences"][0]) == "a colour group of 6"
