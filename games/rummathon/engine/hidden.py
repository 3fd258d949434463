"""What a Rummathon Royale seat cannot see, dealt again at random: for the contract test
that checks a bot decides from the view alone (`games.plugins.GamePlugin.reshuffle_hidden`)."""

import random

from games.engine.base import State

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
    others = [other for other in range(state["players"]) if other != seat]
    out_hands = {name: hand for name, hand in state["out_hands"].items() if name != str(seat)}
    hidden = [card for other in others for card in state["hands"][other]]
    hidden += [card for hand in out_hands.values() for card in hand] + state["deck"]
    cards = sort_hand(hidden)
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
