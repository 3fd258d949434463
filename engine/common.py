"""Plumbing every game's rules share: the setup and move-shape checks, seats, the copy
a move changes, and resignation.

Only what is the same logic in every game lives here; a game passes in what differs
(its option ranges, its move fields, how it ends and passes the turn). The messages are
the same for every game but for the game's name, which comes from its `GameInfo`.
A state here is any game's state with at least "players", "turn", "phase" ("over" once
the game has ended), "hands", "out" (the seats that resigned), "out_hands" (their hands,
by seat as a string), "result" and "moves".
"""

import copy
from collections.abc import Callable

from .base import GameInfo, IllegalMove, Move, State

# ---------------------------------------------------------------- checks


def check_setup(info: GameInfo, players: int, options: dict, ranges: dict[str, tuple[int, int | None]]) -> None:
    """Refuse a `new_game` call the game cannot set up: options not a dict, a player
    count outside the game's, an option it does not know, or one of `ranges` (option ->
    lowest and highest whole value, None for no highest) given outside its range."""
    if not isinstance(options, dict):
        raise TypeError("options must be a dict")
    if type(players) is not int or not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.name} needs {info.min_players} to {info.max_players} players")
    unknown = set(options) - set(info.default_options)
    if unknown:
        raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
    for name, (low, high) in ranges.items():
        value = options.get(name, low)
        if type(value) is not int or value < low or (high is not None and value > high):
            allowed = f", {low} or more" if high is None else f" from {low} to {high}"
            raise ValueError(f"{name} must be a whole number{allowed}")


def check_shape(move: Move, fields: dict[str, tuple[set[str], set[str]]]) -> str:
    """The move's type, once the move is a dict with a known "type" and, besides it,
    exactly the fields `fields[type]` names: (the needed ones, the optional ones)."""
    if not isinstance(move, dict):
        raise IllegalMove("A move must be a JSON object.")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise IllegalMove(f"The move type must be one of: {', '.join(fields)}.")
    needed, optional = fields[kind]
    given = set(move) - {"type"}
    if given - needed - optional:
        extra = ", ".join(sorted(map(str, given - needed - optional)))
        raise IllegalMove(f"Unexpected field(s) in a {kind} move: {extra}.")
    if needed - given:
        raise IllegalMove(f"A {kind} move needs: {', '.join(sorted(needed - given))}.")
    return kind


def check_seat(state: State, seat: int) -> None:
    """Refuse a move from a seat not at the table, after the end, or from a seat that resigned."""
    if type(seat) is not int or seat not in range(state["players"]):
        raise IllegalMove(f"There is no seat {seat!r} at this table.")
    if state["phase"] == "over":
        raise IllegalMove("The game is over.")
    if seat in state["out"]:
        raise IllegalMove("You have resigned from this game.")


def checked_move(state: State, seat: int, move: Move, fields: dict[str, tuple[set[str], set[str]]]) -> str:
    """The start of every `apply`: the move's type, once the move has the right shape,
    the seat may still play and, unless it resigns (a seat may resign at any time), it
    is the seat's turn."""
    kind = check_shape(move, fields)
    check_seat(state, seat)
    if kind != "resign" and seat != state["turn"]:
        raise IllegalMove("It is not your turn.")
    return kind


def check_viewer(state: State, seat: int | None) -> None:
    """Refuse a view for a seat not at the table (None, an onlooker's view, is fine)."""
    if seat is not None and seat not in range(state["players"]):
        raise ValueError(f"no seat {seat!r} at this table")


# ---------------------------------------------------------------- seats and turns


def next_state(state: State) -> State:
    """A copy to change: the top level and the list of hands are new, the rest shared
    (no handler may change a shared value in place), and the move is counted."""
    new = dict(state)
    new["hands"] = list(state["hands"])
    new["moves"] = state["moves"] + 1
    return new


def active_seats(state: State) -> list[int]:
    """The seats still in the game."""
    return [seat for seat in range(state["players"]) if seat not in state["out"]]


def next_seat(state: State, seat: int) -> int:
    """The next seat still in the game, to the left."""
    players = state["players"]
    nxt = (seat + 1) % players
    while nxt in state["out"]:
        nxt = (nxt + 1) % players
    return nxt


def resign(
    state: State,
    seat: int,
    finish: Callable[[State, list[int], str], None],
    pass_turn: Callable[[State], None],
) -> State:
    """`seat` leaves the game: its hand is set aside in "out_hands" and the seat joins
    "out". If one seat is left, it wins: `finish(new, [that seat], "last_standing")`;
    otherwise, if it was the resigning seat's turn, `pass_turn(new)` moves play on."""
    new = next_state(state)
    new["out_hands"] = {**state["out_hands"], str(seat): state["hands"][seat]}
    new["hands"][seat] = []
    new["out"] = sorted(state["out"] + [seat])
    still_in = active_seats(new)
    if len(still_in) == 1:
        finish(new, still_in, "last_standing")
    elif seat == state["turn"]:
        pass_turn(new)
    return new


def all_hands(state: State) -> list[list[str]]:
    """Every seat's hand, a resigned seat's as it was when the seat resigned."""
    return [state["out_hands"].get(str(seat), state["hands"][seat]) for seat in range(state["players"])]


def held_cards(state: State) -> list[str]:
    """The cards in every hand, resigned seats' included."""
    return [card for hand in all_hands(state) for card in hand]


# ---------------------------------------------------------------- turns and views


def one_to_act(state: State) -> list[int]:
    """The seat whose turn it is; nobody once the game is over."""
    return [] if state["phase"] == "over" else [state["turn"]]


def stored_result(state: State) -> dict | None:
    return copy.deepcopy(state["result"])


def common_view(
    info: GameInfo,
    state: State,
    seat: int | None,
    sort_hand: Callable[[list[str]], list[str]],
    to_act: Callable[[State], list[int]] = one_to_act,
) -> dict:
    """What every game's view shows: whose view it is (`seat`, None for a spectator), whose
    turn (`to_act`, for a game where several seats may act at once), my hand (sorted the
    game's way), the hand sizes, the discard pile's top (in a game that has one), and once
    the game is over every hand."""
    check_viewer(state, seat)
    view = {
        "game": info.slug,
        "seat": seat,
        "players": state["players"],
        "turn": state["turn"],
        "phase": state["phase"],
        "to_act": to_act(state),
        "hand": None if seat is None else sort_hand(state["hands"][seat]),
        "hand_size": [len(hand) for hand in state["hands"]],
        "options": dict(state["options"]),
        "out": list(state["out"]),
        "result": stored_result(state),
    }
    if "discard" in state:
        view["discard_top"] = state["discard"][-1] if state["discard"] else None
        view["discard_size"] = len(state["discard"])
    if state["phase"] == "over":
        view["hands"] = [sort_hand(cards) for cards in all_hands(state)]
    return view


def hidden_from(state: State, seat: int, pile: str, order) -> tuple[list[int], dict[str, list], list]:
    """What `seat` cannot see, for a world dealt again (a game's `reshuffle_hidden`): the
    other seats, the set-aside hands of the others who resigned, and all those cards plus
    the face-down `pile`, put in `order` (the game's sort), so that a shuffle of them
    depends on what `seat` sees and on the shuffle's rng only."""
    others = [other for other in range(state["players"]) if other != seat]
    out_hands = {name: hand for name, hand in state["out_hands"].items() if name != str(seat)}
    cards = [card for other in others for card in state["hands"][other]]
    cards += [card for hand in out_hands.values() for card in hand] + state[pile]
    return others, out_hands, order(cards)
