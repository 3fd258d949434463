"""Tables set up for the Rummathon rule tests: hands, piles and groups placed by hand, every
other card in the deck, so the 112 cards stay whole.

The tests play the state machine, not the rule cards: `TEST_CARDS` (every seat the same
card, its sequences known) stands in for RULE_CARDS through the `known_cards` fixture (import it into a test module)."""

from collections import Counter

import pytest

from engine.base import IllegalMove
from games.rummathon.engine import rules
from games.rummathon.engine.cards import deck
from games.rummathon.engine.rules import RULES, all_cards


def _items(*pairs):
    return [{"kind": kind, "size": size} for kind, size in pairs]


# Sequence 1: two sets of 3; 2: a set of 3 and a run of 4; 3: a run of 4 and a colour group of 4; then again.
TEST_SEQUENCES = [
    _items(("set", 3), ("set", 3)),
    _items(("set", 3), ("run", 4)),
    _items(("run", 4), ("colour", 4)),
] * 4
TEST_CARDS = [{"name": f"Test {k}", "sequences": TEST_SEQUENCES} for k in range(6)]


@pytest.fixture(autouse=True)
def known_cards(monkeypatch):
    monkeypatch.setattr(rules, "RULE_CARDS", TEST_CARDS)


def ids(*faces, copy=0):
    return [f"{f}:{copy}" for f in faces]


def table(hands, discard=("R12:1",), deck_cards=None, groups=None, turn=0, drawn=True, variant="full", **extra):
    """A game in its play phase with these hands, this discard pile (top last) and groups
    ({seat: [(kind, cards, burden)]}, those seats counted down); the other cards form the
    deck, or lie under the discard pile when `deck_cards` (top last) is given."""
    players = len(hands)
    state = RULES.new_game(players, {"variant": variant}, seed=7)
    groups = groups or {}
    on_table = [card for laid in groups.values() for _, cards, _ in laid for card in cards]
    placed = [card for hand in hands for card in hand] + list(discard) + list(deck_cards or ()) + on_table
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [card for card in deck() if card not in set(placed)]
    table_groups, next_id = [[] for _ in range(players)], 0
    for seat, laid in sorted(groups.items()):
        for kind, cards, burden in laid:
            table_groups[seat].append({"id": next_id, "kind": kind, "cards": list(cards), "burden": burden})
            next_id += 1
    state.update(
        phase="play",
        turn=turn,
        drawn=drawn,
        hands=[list(hand) for hand in hands],
        deck=rest if deck_cards is None else list(deck_cards),
        discard=list(discard) if deck_cards is None else rest + list(discard),
        upturned=None,
        groups=table_groups,
        next_group=next_id,
        down=[1 if table_groups[seat] else 0 for seat in range(players)],
        bought=[0] * players,
    )
    state.update(extra)
    assert_whole(state)
    return state


def assert_whole(state):
    counts = Counter(all_cards(state))
    assert len(counts) == 112 and max(counts.values()) == 1


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, seat, move)
    return error.value.reason


def group(kind, *faces, copy=0):
    return {"kind": kind, "cards": ids(*faces, copy=copy)}


# Hands and positions that several of the rule test modules share.
TWO_SETS = ids("R3", "Y3", "G3", "R7", "Y7", "B7")
SPARE = ids("B8", "G11")
FILLER = ids("R2", "Y5", "G9", "B10", "R11")  # a hand that lays nothing


def lay_two_sets(extra=()):
    return {"type": "lay", "groups": [group("set", "R3", "Y3", "G3"), group("set", "R7", "Y7", "B7"), *extra]}


def _buying(scores):
    state = RULES.new_game(len(scores), {}, seed=2)
    state.update(phase="buy", scores=list(scores), bought=[None] * len(scores))
    return state


DOWN_1 = {1: [("set", ids("R5", "Y5", "G5"), False), ("run", ids("R8", "Y9", "G10"), False)]}


def _hitter(extra_hand=(), **extra):
    """Seat 0 down with two sets, seat 1 down with a set of 5s and a run 8-10."""
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)], **DOWN_1}
    return table([ids("B5", "B11", "B1", *extra_hand), ids("R1", "R2")], groups=groups, **extra)
