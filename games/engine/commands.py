"""Moves as words: what a player types in a mail to make a move, shared by every game.

Each game's `engine/commands.py` holds one `Commands` object (pure, like the rules):
- `command(view, move, names) -> str`: the canonical words for a legal move ("discard Peru",
  "take discard", "lay 6S 6D 6C / 7S 7D 2H"), the form the turn mail offers;
- `parse(view, text, names) -> move`: one command back into a move dict, or CommandError with a
  reason a player understands; the rules judge the move's legality afterwards;
- `help(view, legal, names) -> [CommandHelp]`: what the seat may send now, one line per kind of
  move, each with an example taken from its legal moves.
`view` is `rules.view(state, seat)` of the seat that writes: a command can only name
what that seat sees. `names` are the seats' display names, by seat index ("bypass Ben");
a seat may always be named by its number too ("bypass seat 2"). Groups and melds on the
table are named by `letter(k)`, k their place in the view's own order, so the position a
mail shows and the commands agree.
"""

from dataclasses import dataclass
from typing import Protocol

from games.engine.base import Move


class CommandError(ValueError):
    """A command that names no move: `reason` is shown to the player as is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class CommandHelp:
    """One kind of command the seat may send now: its form ("discard <card>"), an example
    from the seat's legal moves ("discard Peru") and what it does."""

    form: str
    example: str
    meaning: str


class Commands(Protocol):
    def command(self, view: dict, move: Move, names: list[str]) -> str: ...
    def parse(self, view: dict, text: str, names: list[str]) -> Move: ...
    def help(self, view: dict, legal: list[Move], names: list[str]) -> list[CommandHelp]: ...


def letter(k: int) -> str:
    """The name of the k-th group on the table (from 0): A..Z, then AA, AB, ..."""
    name = ""
    k += 1
    while k:
        k, rest = divmod(k - 1, 26)
        name = chr(ord("A") + rest) + name
    return name
