"""Fixtures for the Rummathon web tests: a table of three friends."""

import pytest

from tables.actions import lifecycle
from tests.rummathon.rummathon_web import BOB, GROUPS, PILE, RULE_CARDS, place


@pytest.fixture
def friends(alice, bob, charlie):
    """Rummathon Royale for three, Half variant: alice (seat 0, host and first dealer),
    bob (seat 1, first to play) and charlie (seat 2), in the buying phase after the deal
    (nobody has points yet, so nobody buys: the play phase has begun)."""
    game = lifecycle.create_table(alice, "rummathon", seats=3, options={"variant": "half"})
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    return lifecycle.start_table(alice, game.pk)


@pytest.fixture
def bob_down(friends):
    """Bob (seat 1) to play and yet to draw, his sequence down, Charlie's too."""
    return place(friends, hands={1: BOB}, discard=PILE, groups=GROUPS, turn=1, drawn=False, rule_card=RULE_CARDS)


@pytest.fixture
def bob_drawn(bob_down):
    """Bob has drawn (the deck's top card is in his hand)."""
    return place(bob_down, drawn=True)
