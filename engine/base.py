"""The engine contract shared by every game (docs/adding-a-game.md, "The engine";
docs/decisions/0003-pure-engines.md)."""

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Move = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules refuse; `reason` is shown to the player as is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    default_options: dict[str, Any] = field(default_factory=dict)


class Rules(Protocol):
    info: GameInfo

    def new_game(self, players: int, options: dict, seed: int) -> State: ...
    def to_act(self, state: State) -> list[int]: ...
    def legal_moves(self, state: State, seat: int) -> list[Move]: ...
    def apply(self, state: State, seat: int, move: Move) -> State: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def result(self, state: State) -> dict | None: ...
    # A public sentence for a move, naming the mover "{player}" and another seat N "{seat:N}"
    # (the page puts in their names); `after` (the state apply returned) saves applying twice.
    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str: ...


class Bot(Protocol):
    def choose(self, state: State, seat: int, rng: random.Random) -> Move: ...
