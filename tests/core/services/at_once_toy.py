"""Picks: a toy game with a step where the seats act at once, for the core's tests of
that step (GamePlugin.acting_at_once) and of version-free moves (`version_free`).

Each round every seat first picks a number from 1 to 3, all at once and in any order;
then each seat in turn passes, from seat 0. After ROUNDS rounds the highest total of picks
wins. A seat may resign at any time. The bots pick 3, as does the stand-in of a late seat.
"""

from django import forms

from engine.base import GameInfo, IllegalMove
from engine.commands import CommandError, CommandHelp, normalize, verb_of
from engine.common import check_setup, next_seat
from tables.forms import BaseMoveForm
from tables.plugins import GamePlugin

ROUNDS = 2
NUMBERS = (1, 2, 3)


class PicksRules:
    info = GameInfo("picks", "Picks", 2, 4, 3, {})

    def new_game(self, players, options, seed):
        check_setup(self.info, players, options, {})
        return {
            "seed": seed,
            "players": players,
            "round": 1,
            "phase": "pick",
            "picks": [None] * players,
            "totals": [0] * players,
            "turn": 0,
            "passes": 0,
            "out": [],
            "result": None,
        }

    def to_act(self, state):
        if state["phase"] == "pick":
            return [s for s, pick in enumerate(state["picks"]) if pick is None and s not in state["out"]]
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "pick":
            return [{"type": "pick", "number": n} for n in NUMBERS]
        return [{"type": "pass"}]

    def apply(self, state, seat, move):
        if move.get("type") == "resign":
            return self._resign(state, seat)
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("Not now." if seat not in self.to_act(state) else "Pick 1, 2 or 3, or pass.")
        new = {**state, "picks": list(state["picks"]), "totals": list(state["totals"])}
        if move["type"] == "pick":
            new["picks"][seat] = move["number"]
            new["totals"][seat] += move["number"]
            if not self.to_act(new):
                new.update(phase="turns", turn=self._first(new), passes=0)
            return new
        new["passes"] += 1
        if new["passes"] < state["players"] - len(state["out"]):
            new["turn"] = next_seat(new, seat)
        elif new["round"] < ROUNDS:
            new.update(round=new["round"] + 1, phase="pick", picks=[None] * new["players"])
        else:
            self._finish(new)
        return new

    def _resign(self, state, seat):
        new = {**state, "out": sorted(state["out"] + [seat])}
        if len(new["out"]) == new["players"] - 1:
            self._finish(new)
        elif state["phase"] == "turns" and seat == state["turn"]:
            new["turn"] = next_seat(new, seat)
        return new

    def _first(self, state):
        return 0 if 0 not in state["out"] else next_seat(state, 0)

    def _finish(self, state):
        still_in = [s for s in range(state["players"]) if s not in state["out"]]
        best = max(state["totals"][s] for s in still_in)
        state.update(
            phase="over",
            result={"winners": [s for s in still_in if state["totals"][s] == best], "scores": state["totals"]},
        )

    def view(self, state, seat):
        return {
            "phase": state["phase"],
            "round": state["round"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "picked": [pick is not None for pick in state["picks"]],
            "my_pick": state["picks"][seat] if seat is not None else None,
            "totals": state["totals"] if state["phase"] != "pick" else None,
            "out": list(state["out"]),
            "hand_size": [0] * state["players"],
            "result": state["result"],
        }

    def result(self, state):
        return state["result"]

    def describe(self, state, seat, move, after=None):
        return "{player} picked a number." if move["type"] == "pick" else "{player} passed."


class PickThree:
    def choose(self, state, seat, rng):
        moves = PicksRules().legal_moves(state, seat)
        return moves[-1]


class PicksMoveForm(BaseMoveForm):
    type = forms.ChoiceField(choices=[("pick", "pick"), ("pass", "pass")])
    number = forms.IntegerField(required=False)

    def parse(self, data):
        if data["type"] == "pass":
            return {"type": "pass"}
        return {"type": "pick", "number": data.get("number")}


def move_fields(move):
    return [("type", move["type"])] + ([("number", str(move["number"]))] if move["type"] == "pick" else [])


def present(game, table, seen):
    mine = game.rules.legal_moves(game.state, seen.my_index) if table.get("my_turn") else []
    result = seen.view.get("result")
    table.update(controls=[move_fields(move) for move in mine], result={"headline": "Over."} if result else None)
    return table


class PicksCommands:
    """ "pass", or "pick 3"."""

    def command(self, view, move, names):
        return "pass" if move["type"] == "pass" else f"pick {move['number']}"

    def parse(self, view, text, names):
        verb, rest = verb_of(normalize(text))
        if verb == "pass":
            return {"type": "pass"}
        if verb == "pick" and rest.isdigit():
            return {"type": "pick", "number": int(rest)}
        raise CommandError('Send "pass" or "pick <number>".')

    def help(self, view, legal, names):
        return [CommandHelp("pick <number> | pass", self.command(view, legal[0], names), "Pick a number, or pass.")]


PICKS = GamePlugin(
    rules=PicksRules(),
    bots={"easy": PickThree(), "normal": PickThree()},
    present=present,
    replay_position=lambda public, hands, names: {"template": "picks/_play.html"},
    move_form=PicksMoveForm,
    move_fields=move_fields,
    result_headline=lambda result, name_of: "Over.",
    payouts=lambda state, pot: [],
    cards=lambda state: [],
    face_down=lambda state: [],
    commands=PicksCommands(),
    acting_at_once=lambda state: state["phase"] == "pick",
    version_free=frozenset({"pick"}),
)
