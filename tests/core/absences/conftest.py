"""Absences: a correspondence table, and a player who goes away at a frozen moment."""

from datetime import timedelta

import pytest

from tables.actions import absences, lifecycle, player_moves
from tables.models import Game


@pytest.fixture
def correspondence(alice, bob):
    """A dealt two-player Capitalla table with a day per turn, so absences stop its clock:
    alice (seat 0) to act, bob at seat 1."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


@pytest.fixture
def go_away():
    """go_away(user, now, days=7): an absence from the day of `now` (so under way at once)."""

    def announce(user, now, days: int = 7):
        today = user.today(now)
        return absences.announce_absence(user, today, today + timedelta(days=days - 1), now=now)

    return announce


def fresh(game) -> Game:
    return Game.objects.get(pk=game.pk)


def first_legal(game, seat: int) -> dict:
    return game.rules.legal_moves(game.state, seat)[0]


def play_turn(user, game, seat: int) -> Game:
    """The seat's pick and discard: the first legal move until the turn passes."""
    while seat in game.to_act:
        game = player_moves.play_move(user, game.pk, game.version, first_legal(game, seat))
    return game
