"""Capitalla bots, from aimless to sensible. None of them ever resigns.

Every bot declares as soon as `legal_moves` offers a declaration (the random one
too, so that its games end).
"""

import random

from engine.base import Move, State

from . import CARDS, RULES
from .evaluation import (
    by_roles,
    count_outs,
    deadwood,
    deadwood_after_pick,
    unseen_cards,
)
from .hard import HardBot
from .solver import LETTERS
from .turn import PickAndDiscard

JOKER_VALUE = 10  # a joker fits any group: keep it above any natural
# What another card adds to a card's chance of a group, by the distance of their letters:
# the same letter (a pure group in the making), a neighbour, one letter apart.
CLOSENESS = {0: 3, 1: 2, 2: 1}


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        return _declaration(moves) or rng.choice(moves)


class EasyBot:
    """Draws from either pile at random and discards a card that pairs with nothing."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        if moves[0]["type"] == "draw":
            return rng.choice(moves)
        declaration = _declaration(moves)
        if declaration:
            return declaration
        hand = RULES.view(state, seat)["hand"]
        naturals = [card for card in hand if not CARDS[card].is_joker]
        loose = [card for card in naturals if not _pairs(card, hand)]
        return {"type": "discard", "card": rng.choice(loose or naturals or hand)}


class NormalBot(PickAndDiscard):
    """Keeps the cards that build groups and takes the discard when it helps."""

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        return _score(_keep(view["hand"] + [top], rng)) > _score(view["hand"])

    def discard(self, view: dict, rng: random.Random) -> str:
        return _least_useful(view["hand"], rng)


class GinBot(PickAndDiscard):
    """The gin-rummy reference player (issue 24), not a lobby level: it keeps the hand
    with the least deadwood and, among those, the most outs (unseen cards that would
    complete or extend its groups); it takes the discard only if that lowers its deadwood."""

    def takes(self, view: dict, top: str, rng: random.Random) -> bool:
        return deadwood_after_pick(view["hand"] + [top]) < deadwood(view["hand"])

    def discard(self, view: dict, rng: random.Random) -> str:
        hand, unseen = view["hand"], by_roles(unseen_cards(view))

        def worth(card: str) -> tuple[int, int]:
            kept = [other for other in hand if other != card]
            return deadwood(kept), -count_outs(kept, unseen, gin=True)

        return _best(hand, worth, rng)


BOTS = {"random": RandomBot(), "easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}


def _declaration(moves: list[Move]) -> Move | None:
    return next((move for move in moves if move["type"] == "declare"), None)


def _best(cards: list[str], worth, rng: random.Random) -> str:
    """The card of least worth (a tuple, compared in order); ties broken by `rng`."""
    values = {card: worth(card) for card in cards}
    lowest = min(values.values())
    return rng.choice(sorted(card for card, value in values.items() if value == lowest))


def _pairs(card: str, hand: list[str]) -> bool:
    return any(CARDS[card].letters & CARDS[other].letters for other in hand if other != card)


def _usefulness(card: str, hand: list[str]) -> int:
    """How much the rest of the hand helps this card into a group."""
    if CARDS[card].is_joker:
        return JOKER_VALUE
    return max(
        sum(
            max(CLOSENESS.get(abs(_pos(mine) - _pos(theirs)), 0) for theirs in CARDS[other].letters)
            for other in hand
            if other != card and not CARDS[other].is_joker
        )
        for mine in CARDS[card].letters
    )


def _score(hand: list[str]) -> int:
    return sum(_usefulness(card, hand) for card in hand)


def _least_useful(hand: list[str], rng: random.Random) -> str:
    values = {card: _usefulness(card, hand) for card in hand}
    lowest = min(values.values())
    return rng.choice([card for card, value in values.items() if value == lowest])


def _keep(hand: list[str], rng: random.Random) -> list[str]:
    """The hand without its least useful card."""
    worst = _least_useful(hand, rng)
    return [card for card in hand if card != worst]


def _pos(letter: str) -> int:
    return LETTERS.index(letter)
