"""Fixtures for the Casino web tests: a table of three friends."""

import pytest

from tables.actions import lifecycle


@pytest.fixture
def friends(alice, bob, charlie):
    """Casino for three: alice (seat 0, host and first dealer), bob (seat 1, to play
    first) and charlie (seat 2)."""
    game = lifecycle.create_table(alice, "casino", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    return lifecycle.start_table(alice, game.pk)
