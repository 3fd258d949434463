"""Capitalla as a pure state machine (the engine contract: engine/base.py).

A deal is the whole game: 2-6 players get 13 cards; on your turn you pick the top
card of the draw pile or of the discard pile, then discard one card or declare
(discard the 14th card and show the other 13 in groups). The first valid declaration
wins; a resignation may come from any seat at any time. The state is a JSON-ready
dict; `apply` never changes the state it is given.
"""

from engine.base import GameInfo, IllegalMove, Move, State
from engine.common import (
    check_setup,
    checked_move,
    common_view,
    held_cards,
    next_seat,
    next_state,
    one_to_act,
    resign,
    stored_result,
)
from engine.rng import shuffled

from .cards import CARDS
from .solver import InvalidGroup, find_declaration, group_kind, label

HAND_SIZE = 13
SOURCES = ("pile", "discard")
_FIELDS = {  # move type: (needed fields, optional fields)
    "draw": ({"from"}, set()),
    "discard": ({"card"}, set()),
    "declare": ({"discard", "groups"}, set()),
    "resign": (set(), set()),
}
# At most 10: a table that could reshuffle without end would let bots play one deal for ever.
OPTION_RANGES = {"max_reshuffles": (0, 10)}


class CapitallaRules:
    info = GameInfo("capitalla", "Capitalla", 2, 6, 4, {"max_reshuffles": 3})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        check_setup(self.info, players, options, OPTION_RANGES)
        deck = shuffled(sorted(CARDS), seed, "deal")
        hands = [deck[k * HAND_SIZE : (k + 1) * HAND_SIZE] for k in range(players)]
        rest = deck[players * HAND_SIZE :]
        return {
            "seed": seed,
            "players": players,
            "options": {**self.info.default_options, **options},
            "hands": hands,
            "draw": rest[:-1],
            "discard": rest[-1:],
            "turn": 0,
            "phase": "pick",
            "reshuffles": 0,
            "out": [],
            "out_hands": {},
            "last_pick": None,
            "taken": [[] for _ in range(players)],
            "refused": [[] for _ in range(players)],
            "result": None,
            "moves": 0,
        }

    to_act = staticmethod(one_to_act)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "pick":
            sources = ["pile"] + (["discard"] if state["discard"] else [])
            return [{"type": "draw", "from": source} for source in sources]
        hand = state["hands"][seat]
        moves = [{"type": "discard", "card": card} for card in hand]
        found = find_declaration(hand)
        if found:
            moves.append({"type": "declare", "discard": found[0], "groups": found[1]})
        return moves

    def apply(self, state: State, seat: int, move: Move) -> State:
        kind = checked_move(state, seat, move, _FIELDS)
        if kind == "resign":  # a picked card goes aside with the rest of the hand
            return resign(state, seat, _end, _pass_turn)
        return _HANDLERS[kind](state, seat, move)

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sort_hand)
        view.update(
            {
                "draw_size": len(state["draw"]),
                "reshuffles": state["reshuffles"],
                "last_pick": _public_pick(state, seat),
                "discard_pile": list(state["discard"]),  # every card was seen going there
                "taken": [list(cards) for cards in picks_from_discard(state, "taken")],
                "refused": [list(cards) for cards in picks_from_discard(state, "refused")],
                "declaration": None,
            }
        )
        if seat is not None and state["phase"] == "discard" and seat == state["turn"]:
            found = find_declaration(state["hands"][seat])
            if found:
                view["declaration"] = {"discard": found[0], "groups": found[1]}
        return view

    result = staticmethod(stored_result)

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        after = self.apply(state, seat, move) if after is None else after
        kind = move["type"]
        if kind == "draw" and move["from"] == "discard":
            text = f"{{player}} took {_name(state['discard'][-1])} from the discard pile."
        elif kind == "draw":
            text = "{player} drew from the draw pile."
        elif kind == "discard":
            text = f"{{player}} discarded {_name(move['card'])}."
        elif kind == "declare":
            text = f"{{player}} declared and won, discarding {_name(move['discard'])}."
        else:
            text = "{player} resigned."
        return text + _aftermath(state, after)


RULES = CapitallaRules()


def all_cards(state: State) -> list[str]:
    """Every card of the game, wherever it is: the hands (resigned seats' too), the piles."""
    return held_cards(state) + state["draw"] + state["discard"]


def picks_from_discard(state: State, kind: str) -> list[list[str]]:
    """Per seat, the discard pile's top cards it took (`kind` "taken") or passed over,
    drawing from the draw pile instead ("refused"), in order: the whole table saw them.
    A state saved before these were kept has none."""
    return state.get(kind) or [[] for _ in range(state["players"])]


def sort_hand(ids: list[str]) -> list[str]:
    """Cards by capital initial, jokers last, as players sort them."""
    return sorted(ids, key=lambda i: (CARDS[i].is_joker, sorted(CARDS[i].letters), CARDS[i].name))


# ---------------------------------------------------------------- checks


def _check_phase(state: State, phase: str) -> None:
    if state["phase"] != phase:
        raise IllegalMove(
            "Pick a card from the draw pile or the discard pile first."
            if phase == "discard"
            else "You have already picked a card: discard one, or declare."
        )


def _held_card(card: object, hand: list[str], field: str) -> str:
    if not isinstance(card, str):
        raise IllegalMove(f"'{field}' must be a card id such as \"FRA\".")
    if card not in CARDS:
        raise IllegalMove(f"There is no card {card!r}.")
    if card not in hand:
        raise IllegalMove(f"You do not hold {_name(card)}.")
    return card


def _checked_groups(groups: object, hand: list[str], discard: str) -> list[list[str]]:
    """The declared groups, once they hold exactly the kept cards in valid groups."""
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        raise IllegalMove("'groups' must be a list of groups, each a list of card ids.")
    seen = set()
    for card in (card for group in groups for card in group):
        _held_card(card, hand, "groups")
        if card == discard:
            raise IllegalMove(f"{_name(card)} is your discard; it cannot be in a group too.")
        if card in seen:
            raise IllegalMove(f"{_name(card)} is in more than one group.")
        seen.add(card)
    missing = [card for card in hand if card != discard and card not in seen]
    if missing:
        raise IllegalMove(f"Every card you keep must be in a group; missing: {_names(missing)}.")
    pure = False
    for number, group in enumerate(groups, 1):
        try:
            pure = group_kind(group)[1] or pure
        except InvalidGroup as bad:
            raise IllegalMove(f"Group {number}: {bad.reason}") from None
    if not pure:
        raise IllegalMove(
            "A declaration needs a pure group: 3 or more cards of one letter without a joker, or only jokers."
        )
    return [list(group) for group in groups]


# ---------------------------------------------------------------- moves


def _draw(state: State, seat: int, move: Move) -> State:
    _check_phase(state, "pick")
    source = move["from"]
    if source not in SOURCES:
        raise IllegalMove('Draw from "pile" (the draw pile) or "discard" (the discard pile).')
    pile_key = "draw" if source == "pile" else "discard"
    if not state[pile_key]:
        raise IllegalMove(f"The {'draw' if source == 'pile' else 'discard'} pile is empty.")
    new = next_state(state)
    new[pile_key] = state[pile_key][:-1]
    card = state[pile_key][-1]
    new["hands"][seat] = state["hands"][seat] + [card]
    new["phase"] = "discard"
    new["last_pick"] = {"seat": seat, "from": source, "card": card}
    seen = {"taken": [card], "refused": []} if source == "discard" else {"taken": [], "refused": state["discard"][-1:]}
    for kind, cards in seen.items():
        new[kind] = [
            picked + cards if s == seat else picked for s, picked in enumerate(picks_from_discard(state, kind))
        ]
    return new


def _discard(state: State, seat: int, move: Move) -> State:
    _check_phase(state, "discard")
    card = _held_card(move["card"], state["hands"][seat], "card")
    new = next_state(state)
    new["hands"][seat] = [c for c in state["hands"][seat] if c != card]
    new["discard"] = state["discard"] + [card]
    _forget_taken(new, seat, card)
    _pass_turn(new)
    return new


def _forget_taken(new: State, seat: int, card: str) -> None:
    """A card taken from the discard pile and discarded again is no longer known to be
    held: `taken` lists only what each seat is seen to hold (a reshuffle may deal it to
    someone face down, who must not be seen to hold it)."""
    if card in picks_from_discard(new, "taken")[seat]:
        new["taken"] = [
            [c for c in cards if c != card] if s == seat else cards
            for s, cards in enumerate(picks_from_discard(new, "taken"))
        ]


def _declare(state: State, seat: int, move: Move) -> State:
    _check_phase(state, "discard")
    hand = state["hands"][seat]
    discard = _held_card(move["discard"], hand, "discard")
    groups = _checked_groups(move["groups"], hand, discard)
    new = next_state(state)
    new["hands"][seat] = [c for c in hand if c != discard]
    new["discard"] = state["discard"] + [discard]
    declaration = {"seat": seat, "groups": groups, "discard": discard}
    _end(new, [seat], "declared", declaration)
    return new


_HANDLERS = {"draw": _draw, "discard": _discard, "declare": _declare}


# ---------------------------------------------------------------- turn flow


def _pass_turn(new: State) -> None:
    new["turn"], new["phase"] = next_seat(new, new["turn"]), "pick"
    if not new["draw"]:
        _refill(new)


def _refill(new: State) -> None:
    """The empty draw pile becomes the shuffled discard pile but its top card.

    After `max_reshuffles` reshuffles, or with nothing to reshuffle, the deal is drawn."""
    if new["reshuffles"] >= new["options"]["max_reshuffles"] or len(new["discard"]) < 2:
        _end(new, [], "drawn", None)
        return
    new["reshuffles"] += 1
    new["draw"] = shuffled(new["discard"][:-1], new["seed"], f"reshuffle:{new['reshuffles']}")
    new["discard"] = new["discard"][-1:]
    # The cards passed over are face down now: which seat refused which says where they are.
    new["refused"] = [[c for c in cards if c in new["discard"]] for cards in picks_from_discard(new, "refused")]


def _end(new: State, winners: list[int], reason: str, declaration: dict | None = None) -> None:
    new["phase"], new["turn"] = "over", None
    new["result"] = {
        "winners": winners,
        "scores": [int(seat in winners) for seat in range(new["players"])],
        "reason": reason,
        "declaration": declaration,
    }


# ---------------------------------------------------------------- what players see


def _public_pick(state: State, seat: int | None) -> dict | None:
    """The last pick as `seat` saw it: a card from the draw pile stays hidden, but from the
    seat that drew it while it is still in its hand, its turn not over."""
    pick = state["last_pick"]
    if pick is None:
        return None
    shown = {"seat": pick["seat"], "from": pick["from"]}
    mine = seat == pick["seat"] == state["turn"] and state["phase"] == "discard"
    mine = mine and pick["card"] in state["hands"][seat]
    if pick["from"] == "discard" or mine:
        shown["card"] = pick["card"]
    return shown


def _aftermath(before: State, after: State) -> str:
    if after["reshuffles"] > before["reshuffles"]:
        return " The draw pile ran out: the discard pile was shuffled into a new one."
    if (after["result"] or {}).get("reason") == "drawn":
        return " The draw pile ran out: the deal is drawn."
    return ""


def _name(card: str) -> str:
    return label(CARDS[card])


def _names(cards: list[str]) -> str:
    return ", ".join(map(_name, cards))
