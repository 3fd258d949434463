"""Fixtures for the Cap-It tests: a table of friends, a game against bots, a hand set up
for a builder test (helpers in capit_web.py)."""

import pytest

from tables.actions import lifecycle
from tests.capit.capit_web import play_bots, set_hand


@pytest.fixture
def friends(alice, bob, charlie):
    """Cap-It for four: alice (seat 0, host and dealer of round 1), bob (seat 1, to act
    first), charlie (seat 2) and a bot (seat 3)."""
    game = lifecycle.create_table(alice, "capit", seats=4, bots=1)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    return lifecycle.start_table(alice, game.pk)


# A deal whose first hand for alice already holds round 1's contract: whatever the bots
# do (their choices follow the game's id, which differs between databases), she can lay it.
WITH_BOTS_SEED = 20261126


@pytest.fixture
def with_bots(alice, monkeypatch):
    """Alice and three bots; the bots have played up to alice's first turn. The deals are
    fixed (WITH_BOTS_SEED)."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: WITH_BOTS_SEED)
    game = lifecycle.create_table(alice, "capit", seats=4, bots=3)
    game = lifecycle.start_table(alice, game.pk)
    game = play_bots(game)
    assert game.to_act == [0]
    return game


@pytest.fixture
def building(client, bob, friends, request):
    """Bob (seat 1, logged in) in the play phase of his turn, holding the test module's HAND."""
    game = set_hand(friends, 1, request.module.HAND, turn=1, phase="play")
    client.force_login(bob)
    return game
