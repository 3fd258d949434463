"""The rules of Pebbles: a pile of seven pebbles; on your turn take one or two of them;
whoever takes the last one wins. Nothing is hidden and nothing is shuffled: the seed
only decides who starts, so that seed + moves rebuild every state as in every game."""

from engine.base import GameInfo, IllegalMove, Move, State
from engine.common import (
    check_setup,
    checked_move,
    common_view,
    next_seat,
    next_state,
    one_to_act,
    resign,
    stored_result,
)

PILE = 7
TAKES = (1, 2)
_FIELDS = {"take": ({"count"}, set()), "resign": (set(), set())}


class PebblesRules:
    info = GameInfo("pebbles", "Pebbles", 2, 2, 2, {})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        check_setup(self.info, players, options, {})
        return {
            "seed": seed,
            "players": players,
            "options": {},
            "turn": seed % players,
            "phase": "play",
            "hands": [[] for _ in range(players)],  # no cards: the shared view's hands stay empty
            "pile": PILE,
            "taken": [0] * players,
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
        return [{"type": "take", "count": count} for count in TAKES if count <= state["pile"]]

    def apply(self, state: State, seat: int, move: Move) -> State:
        kind = checked_move(state, seat, move, _FIELDS)
        if kind == "resign":
            return resign(state, seat, _finish, _pass_turn)
        count = move["count"]
        if type(count) is not int or count not in TAKES:
            raise IllegalMove("Take one or two pebbles.")
        if count > state["pile"]:
            raise IllegalMove(f"Only {state['pile']} pebble{'s' if state['pile'] != 1 else ''} left.")
        new = next_state(state)
        new["pile"] = state["pile"] - count
        new["taken"] = list(state["taken"])
        new["taken"][seat] += count
        if new["pile"] == 0:
            _finish(new, [seat], "last_pebble")
        else:
            new["turn"] = next_seat(new, seat)
        return new

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sorted)
        view.update(pile=state["pile"], taken=list(state["taken"]))
        return view

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        if move["type"] == "resign":
            return "{player} resigned."
        count = move["count"]
        return f"{{player}} took {count} pebble{'s' if count != 1 else ''}."


def _finish(new: State, winners: list[int], reason: str) -> None:
    new["phase"] = "over"
    new["result"] = {"winners": winners, "reason": reason, "taken": list(new["taken"])}


def _pass_turn(new: State) -> None:
    new["turn"] = next_seat(new, new["turn"])


RULES = PebblesRules()
