"""What a seat cannot see, dealt again: the worlds a bot may imagine (`reshuffle_hidden`)."""

import random

from engine.base import State

from .rules import picks_from_discard


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with the other seats' hands (a resigned seat's too), the draw pile's
    order and the seed dealt again at random from the cards `seat` has not seen there.
    A card the table saw taken from the discard pile stays in the hand that took it while
    that hand holds it, so `view(state, seat)` is unchanged and the world fits what the
    table saw."""
    taken = picks_from_discard(state, "taken")
    others = [s for s in range(state["players"]) if s != seat]
    pinned = {s: [card for card in state["hands"][s] if card in taken[s]] for s in others}
    hands = {s: [card for card in state["hands"][s] if card not in pinned[s]] for s in others}
    out_hands = {key: cards for key, cards in state["out_hands"].items() if key != str(seat)}
    pool = [card for cards in hands.values() for card in cards]
    pool += [card for cards in out_hands.values() for card in cards] + state["draw"]
    rng.shuffle(pool)
    new = {**state, "hands": list(state["hands"]), "out_hands": dict(state["out_hands"])}
    for s in others:
        size = len(hands[s])
        new["hands"][s], pool = pool[:size] + pinned[s], pool[size:]
    for key, cards in out_hands.items():
        new["out_hands"][key], pool = pool[: len(cards)], pool[len(cards) :]
    new["draw"] = pool
    new["seed"] = rng.getrandbits(63)
    return new
