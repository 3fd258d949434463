"""What a seat cannot see, dealt again: the worlds a bot may imagine (`reshuffle_hidden`)."""

import random

from games.engine.base import State


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with the other seats' hands (a resigned seat's too), the draw pile's
    order and the seed dealt again at random from the cards `seat` has not seen there.
    A card the table saw taken from the discard pile stays in the hand that took it, so
    `view(state, seat)` is unchanged."""
    pick = state["last_pick"]
    pinned = {}  # seat -> a card everyone saw it take
    if pick and pick["from"] == "discard" and pick["seat"] != seat and pick["card"] in state["hands"][pick["seat"]]:
        pinned[pick["seat"]] = pick["card"]
    others = [s for s in range(state["players"]) if s != seat]
    hands = {s: [card for card in state["hands"][s] if card != pinned.get(s)] for s in others}
    out_hands = {key: cards for key, cards in state["out_hands"].items() if key != str(seat)}
    pool = [card for cards in hands.values() for card in cards]
    pool += [card for cards in out_hands.values() for card in cards] + state["draw"]
    rng.shuffle(pool)
    new = {**state, "hands": list(state["hands"]), "out_hands": dict(state["out_hands"])}
    for s in others:
        size = len(hands[s])
        new["hands"][s], pool = pool[:size] + ([pinned[s]] if s in pinned else []), pool[size:]
    for key, cards in out_hands.items():
        new["out_hands"][key], pool = pool[: len(cards)], pool[len(cards) :]
    new["draw"] = pool
    new["seed"] = rng.getrandbits(63)
    return new
