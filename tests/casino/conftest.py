"""Fixtures for the Casino web tests: a table of three friends."""

import pytest

from games import services


@pytest.fixture
def friends(alice, bob, charlie):
    """Casino for three: alice (seat 0, host and first dealer), bob (seat 1, to play
    first) and charlie (seat 2)."""
    game = services.create_table(alice, "casino", seats=3)
    services.join_table(bob, game.pk)
    services.join_table(charlie, game.pk)
    return services.start_table(alice, game.pk)
