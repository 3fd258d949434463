"""What a Rummathon Royale seat cannot see, dealt again at random: for the contract test
that checks a bot decides from the view alone (`tables.plugins.GamePlugin.reshuffle_hidden`)."""

import random

from engine.base import State
from engine.common import hidden_from

from .cards import sort_hand


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with the other seats' hands (resigned seats' set-aside hands too) and the
    deck's order dealt again at random from the same cards, each hand keeping its size.
    Everything `seat` sees stays: its hand, the discard pile, the groups and action cards
    on the table, every size. The cards are gathered in a fixed order before the shuffle,
    so the result depends on what `seat` sees and on `rng` only. Once the game is over
    every hand is shown, so nothing moves."""
    if state["phase"] == "over":
        return state
    others, out_hands, cards = hidden_from(state, seat, "deck", sort_hand)
    rng.shuffle(cards)
    new = dict(state)
    new["hands"] = list(state["hands"])
    for other in others:
        size = len(state["hands"][other])
        new["hands"][other], cards = cards[:size], cards[size:]
    new["out_hands"] = dict(state["out_hands"])
    for name in sorted(out_hands):
        size = len(out_hands[name])
        new["out_hands"][name], cards = cards[:size], cards[size:]
    new["deck"] = cards
    if state["new_card"] is not None and state["turn"] != seat:  # the card another seat drew: its last
        new["new_card"] = new["hands"][state["turn"]][-1]
    return new
