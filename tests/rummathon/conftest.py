"""Fixtures for the Rummathon web tests: a table of three friends."""

import pytest

from games import services


@pytest.fixture
def friends(alice, bob, charlie):
    """Rummathon Royale for three, Half variant: alice (seat 0, host and first dealer),
    bob (seat 1, first to play) and charlie (seat 2), in the buying phase after the deal
    (nobody has points yet, so nobody buys: the play phase has begun)."""
    game = services.create_table(alice, "rummathon", seats=3, options={"variant": "half"})
    services.join_table(bob, game.pk)
    services.join_table(charlie, game.pk)
    return services.start_table(alice, game.pk)
