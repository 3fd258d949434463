"""Toy: the smallest card game that has what the contract suite checks (hidden hands, a
face-down stock, a seed, a result), with no Django, like a real engine.

Sixteen cards, T1..T16, two to each seat. On your turn you play a card from your hand
face up onto the pile and draw the top of the stock, while there is one. When every hand
is empty, the highest total of the cards each seat played wins.
"""

import itertools

from engine.base import GameInfo, IllegalMove, Move, State
from engine.commands import CommandError, help_lines, normalize, verb_of
from engine.common import check_setup, checked_move, common_view, next_seat, next_state, one_to_act, stored_result
from engine.rng import shuffled

DECK = [f"T{n}" for n in range(1, 17)]
HAND_SIZE = 2
_FIELDS = {"play": ({"card"}, set())}


def value(card: str) -> int:
    return int(card[1:])


class ToyRules:
    info = GameInfo("toy", "Toy", 2, 4, 2, {})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        check_setup(self.info, players, options, {})
        deck = shuffled(DECK, seed, "deal")
        return {
            "seed": seed,
            "players": players,
            "options": {},
            "turn": 0,
            "phase": "play",
            "hands": [deck[k * HAND_SIZE : (k + 1) * HAND_SIZE] for k in range(players)],
            "stock": deck[players * HAND_SIZE :],
            "discard": [],
            "played": [0] * players,
            "out": [],
            "out_hands": {},
            "result": None,
            "moves": 0,
        }

    to_act = staticmethod(one_to_act)
    result = staticmethod(stored_result)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "card": card} for card in state["hands"][seat]]

    def apply(self, state: State, seat: int, move: Move) -> State:
        checked_move(state, seat, move, _FIELDS)
        if move["card"] not in state["hands"][seat]:
            raise IllegalMove("You do not hold that card.")
        new = next_state(state)
        hand = [card for card in state["hands"][seat] if card != move["card"]]
        new["discard"] = state["discard"] + [move["card"]]
        new["played"] = list(state["played"])
        new["played"][seat] += value(move["card"])
        if state["stock"]:
            hand.append(state["stock"][0])
            new["stock"] = state["stock"][1:]
        new["hands"][seat] = hand
        if any(new["hands"]):
            new["turn"] = next_seat(new, seat)
        else:
            best = max(new["played"])
            winners = [s for s, total in enumerate(new["played"]) if total == best]
            new["phase"] = "over"
            new["result"] = {"winners": winners, "scores": new["played"], "reason": "highest"}
        return new

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sorted)
        view.update(stock_size=len(state["stock"]), played=list(state["played"]))
        return view

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        return f"{{player}} played {move['card']}."


class RandomBot:
    def choose(self, state, seat, rng):
        return rng.choice(ToyRules().legal_moves(state, seat))


# ---------------------------------------------------------------- broken copies, one fault each


class PeekingRules(ToyRules):
    """Its view shows everyone the top of the stock: the deck order leaks."""

    def view(self, state, seat):
        return {**super().view(state, seat), "next_card": state["stock"][:1]}


class LosingRules(ToyRules):
    """A played card of even value vanishes instead of going onto the pile."""

    def apply(self, state, seat, move):
        new = super().apply(state, seat, move)
        if value(move["card"]) % 2 == 0:
            new["discard"] = new["discard"][:-1]
        return new


_deals = itertools.count()


class TellingRules(ToyRules):
    """Its moves name the stock card they will draw: the log tells a face-down card."""

    _FIELDS = {"play": ({"card"}, {"draws"})}

    def legal_moves(self, state, seat):
        return [
            {**move, "draws": state["stock"][0]} if state["stock"] else move
            for move in super().legal_moves(state, seat)
        ]

    def apply(self, state, seat, move):
        return super().apply(state, seat, {"type": "play", "card": move["card"]})


class UnrepeatableRules(ToyRules):
    """Every new game is numbered by the process: seed + moves no longer rebuild it."""

    def new_game(self, players, options, seed):
        return {**super().new_game(players, options, seed), "deal_number": next(_deals)}


class OfferingRules(ToyRules):
    """Offers a card nobody holds, which `apply` then refuses."""

    def legal_moves(self, state, seat):
        moves = super().legal_moves(state, seat)
        return moves + [{"type": "play", "card": "T99"}] if moves else moves


class EndlessRules(ToyRules):
    """The played card goes back under the stock: the game never ends."""

    def apply(self, state, seat, move):
        new = super().apply(state, seat, move)
        return {**new, "stock": new["stock"] + new["discard"][-1:], "discard": new["discard"][:-1]}


# ---------------------------------------------------------------- mail commands


class ToyCommands:
    """ "play T7": a card by its id, in any case."""

    def command(self, view, move, names):
        return f"play {move['card']}"

    def parse(self, view, text, names):
        verb, rest = verb_of(normalize(text))
        if verb != "play" or not rest:
            raise CommandError('Send "play <card>", e.g. "play T7".')
        return {"type": "play", "card": rest.upper()}

    def help(self, view, legal, names):
        return help_lines(self, view, legal, names, {"play": ("play <card>", "Play a card and draw.")})


class MuteCommands(ToyCommands):
    """Writes every card as "a card", which names none."""

    def command(self, view, move, names):
        return "play a card"
