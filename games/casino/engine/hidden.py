"""What a Casino seat cannot see, dealt again at random: the sampled worlds of the hard bot
(`tables.plugins.GamePlugin.reshuffle_hidden`)."""

import random

from engine.base import State
from engine.common import hidden_from

from .cards import sort_hand, value


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with the other seats' hands (resigned seats' set-aside hands too) and the
    stock's order dealt again at random from the same cards, each hand keeping its size.
    What every seat knows holds in it too: a seat that owns a build holds a card of its
    value while it plays (the rules see to that). The cards are gathered in a fixed order before the
    shuffle, so the result depends on what `seat` sees and on `rng` only: two states with
    the same view give the same world."""
    others, out_hands, cards = hidden_from(state, seat, "stock", sort_hand)
    rng.shuffle(cards)
    new = dict(state)
    held = {other: [] for other in others}  # first the cards the builds show each owner holds
    for other in others:
        if other in state["out"]:  # a resigned owner's hand is set aside, not held to the rule
            continue
        for total in sorted({build["value"] for build in state["table"]["builds"] if build["owner"] == other}):
            card = next(card for card in cards if value(card) == total)
            cards.remove(card)
            held[other].append(card)
    new["hands"] = list(state["hands"])
    for other in others:
        size = len(state["hands"][other]) - len(held[other])
        new["hands"][other], cards = held[other] + cards[:size], cards[size:]
    new["out_hands"] = dict(state["out_hands"])
    for name in sorted(out_hands):
        size = len(out_hands[name])
        new["out_hands"][name], cards = cards[:size], cards[size:]
    new["stock"] = cards
    return new
