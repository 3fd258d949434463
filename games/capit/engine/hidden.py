"""What a Cap-It seat cannot see, dealt again: for bots that must decide from the view
alone, and for the ones that search over the worlds consistent with it."""

import random

from engine.base import State


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The state with the other seats' hands (a resigned seat's set-aside hand too) and
    the stock dealt again at random from the same cards, each hand keeping its size.
    Everything `seat` sees stays: its hand, the discard pile, the melds, the sizes.
    Once the game is over every hand is shown, so nothing moves."""
    if state["phase"] == "over":
        return state
    others = [other for other in range(state["players"]) if other != seat]
    resigned = {int(key): hand for key, hand in state["out_hands"].items() if int(key) != seat}
    pool = [card for other in others for card in state["hands"][other]]
    pool += [card for hand in resigned.values() for card in hand] + list(state["stock"])
    pool = rng.sample(pool, len(pool))
    hands = list(state["hands"])
    for other in others:
        hands[other], pool = pool[: len(hands[other])], pool[len(hands[other]) :]
    out_hands = dict(state["out_hands"])
    for other, hand in resigned.items():
        out_hands[str(other)], pool = pool[: len(hand)], pool[len(hand) :]
    new = {**state, "hands": hands, "out_hands": out_hands, "stock": pool}
    drawn = state.get("drawn")
    if drawn and drawn["seat"] != seat:  # another seat's drawn card is whatever it now holds last
        new["drawn"] = {"seat": drawn["seat"], "card": hands[drawn["seat"]][-1]}
    return new
