"""Tables set up for the Cap-It rule tests: hands, table melds and piles placed by hand, every
other card in the stock (or under the discard pile), so the decks stay whole; and the hands
the rule and bot tests share."""

from collections import Counter

import pytest

from engine.base import IllegalMove
from games.capit.engine import RULES, arrange, deck


def ids(*faces, copy=0):
    return [f"{f}:{copy}" for f in faces]


def table(hands, discard=("KD:1",), stock=None, melds=(), laid=(), turn=0, phase="play", number=1, **options):
    """A game at round `number` with these hands and table melds ((owner, kind, cards));
    cards placed nowhere else form the stock (or lie under the discard pile when `stock`
    is given), so every card of the decks stays in play."""
    players = len(hands)
    state = RULES.new_game(players, options, seed=7)
    on_table = [card for _, _, cards in melds for card in cards]
    placed = [card for hand in hands for card in hand] + list(discard) + list(stock or ()) + on_table
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [card for card in deck(players) if card not in set(placed)]
    table_melds = []
    for owner, kind, cards in melds:
        ordered, slots = arrange(cards, kind)
        table_melds.append({"owner": owner, "kind": kind, "cards": ordered, "as": slots})
    state.update(
        round=number,
        dealer=(number - 1) % players,
        turn=turn,
        phase=phase,
        hands=[list(hand) for hand in hands],
        stock=rest if stock is None else list(stock),
        discard=list(discard) if stock is None else rest + list(discard),
        melds=table_melds,
        laid=[seat in laid for seat in range(players)],
    )
    assert sum(map(len, [*state["hands"], state["stock"], state["discard"]])) + len(on_table) == len(deck(players))
    return state


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, seat, move)
    return error.value.reason


def cards_in_play(state):
    piles = state["hands"] + list(state["out_hands"].values()) + [state["stock"], state["discard"]]
    return Counter(card for pile in piles + [m["cards"] for m in state["melds"]] for card in pile)


# Three more hands of 7 cards (50 points each) that no test hand shares a card with.
FILLER = [
    ids("3C", "4D", "6S", "8C", "10D", "QS", "KS", copy=1),
    ids("3D", "4C", "6D", "8D", "10C", "QC", "KH", copy=1),
    ids("3S", "4S", "6C", "8S", "10S", "QD", "JC", copy=1),
]


def force_round_end(state):
    """Leave one card in the stock and let the seat to act push: the round ends."""
    state = dict(state, stock=state["stock"][:1], discard=state["stock"][1:] + state["discard"], phase="draw")
    return RULES.apply(state, state["turn"], {"type": "push"})


ROUND_1 = ids("7H", "7C", "JK", "9D", "9H", "9S", "KC", "3D", "5S", "QH", "4C")
