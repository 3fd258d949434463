"""Cap-It as a pure state machine (the engine contract: engine/base.py).

Five rounds of contract rummy for 4-6 players. A turn is a draw (take the discard, or
push: the top stock card and the top discard go to the next seat, then you draw from
the stock), then plays (the round's contract in one move; once it is down, new melds,
lay-offs and wild replacements), then a discard. Rounds are scored and the next one
dealt inside `apply`, so `new_game` plus the moves rebuilds every state. The state is a
JSON-ready dict; `apply` never changes the state it is given.
"""

import copy

from engine.base import GameInfo, IllegalMove, Move, State
from engine.cards import as_face, face, face_of, is_card
from engine.common import (
    active_seats,
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
from engine.melds import MeldError, arrange, extend, fits, is_natural, room
from engine.rng import shuffled

from .cards import HAND_SIZE, deck, hand_points, sort_hand
from .contracts import (
    CONTRACTS,
    GROUPS,
    ROUNDS,
    contract_problem,
    contract_text,
    find_contract,
    find_melds,
    lay_exactly,
)

_FIELDS = {  # move type: (needed fields, optional fields)
    "take_discard": (set(), set()),
    "push": (set(), set()),
    "draw_stock": (set(), set()),
    "lay_contract": ({"melds"}, set()),
    "meld": ({"kind", "cards"}, set()),
    "lay_off": ({"meld", "cards"}, {"end"}),
    "replace": ({"meld", "card", "wild"}, set()),
    "discard": ({"card"}, set()),
    "resign": (set(), set()),
}
_DRAWS = ("take_discard", "push", "draw_stock")
_PLAYS = ("lay_contract", "meld", "lay_off", "replace", "discard")
DRAW_FIRST = "Draw first: take the discard or push."
OPTION_RANGES = {"ace_value": (0, 100), "round_share_percent": (0, 20)}


class CapItRules:
    info = GameInfo("capit", "Cap-It", 4, 6, 4, {"ace_value": 15, "round_share_percent": 10})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        check_setup(self.info, players, options, OPTION_RANGES)
        state = {
            "seed": seed,
            "players": players,
            "options": {**self.info.default_options, **options},
            "scores": [],
            "rounds": [],
            "out": [],
            "result": None,
            "moves": 0,
        }
        _deal(state, 1)
        return state

    to_act = staticmethod(one_to_act)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "draw":
            if not state["discard"]:
                return [{"type": "draw_stock"}]
            return [{"type": "take_discard"}, {"type": "push"}]
        hand = state["hands"][seat]
        moves: list[Move] = []
        if not state["laid"][seat]:
            melds = find_contract(hand, state["round"])
            if melds:
                moves.append({"type": "lay_contract", "melds": melds})
        else:
            moves += _lay_offs(state, hand)
            moves += _new_melds(state, hand)
            moves += _replacements(state, hand)
        if not state["must_use"]:
            moves += [{"type": "discard", "card": card} for card in _one_per_face(hand)]
        return moves

    def apply(self, state: State, seat: int, move: Move) -> State:
        kind = checked_move(state, seat, move, _FIELDS)
        if kind == "resign":  # freed wild cards leave with the hand: _pass_turn clears must_use
            return {**resign(state, seat, _finish, _pass_turn), "drawn": None}
        if kind in _DRAWS and state["phase"] != "draw":
            raise IllegalMove("You have drawn already: play your melds, then discard.")
        if kind in _PLAYS and state["phase"] != "play":
            raise IllegalMove(DRAW_FIRST)
        new = _HANDLERS[kind](state, seat, move)
        # The card the seat just drew or took (the last into its hand), until its next move.
        drew = kind in _DRAWS and new["phase"] == "play"
        new["drawn"] = {"seat": seat, "card": new["hands"][seat][-1]} if drew else None
        return new

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sort_hand)
        view.update(
            {
                "round": state["round"],
                "rounds_total": ROUNDS,
                "dealer": state["dealer"],
                "turns": state["turns"],
                "melds": [_public_meld(meld) for meld in state["melds"]],
                "stock_size": len(state["stock"]),
                "contract": {
                    "round": state["round"],
                    "melds": [{"kind": kind, "size": size} for kind, size in CONTRACTS[state["round"] - 1]],
                    "text": contract_text(state["round"]),
                },
                "laid": list(state["laid"]),
                "must_use": [entry["card"] for entry in state["must_use"]],
                "scores": copy.deepcopy(state["scores"]),
                "totals": _totals(state),
                "rounds": copy.deepcopy(state["rounds"]),
                "last_round": copy.deepcopy(state["rounds"][-1]) if state["rounds"] else None,
                "drawn": _drawn_by(state, seat),
            }
        )
        return view

    result = staticmethod(stored_result)

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        after = self.apply(state, seat, move) if after is None else after
        kind = move["type"]
        if kind == "take_discard":
            text = f"{{player}} took the {face(state['discard'][-1])} from the discard pile."
        elif kind == "push" and len(after["rounds"]) > len(state["rounds"]):
            text = "{player} chose to push, but the stock is too short."
        elif kind == "push":
            pushed = face(state["discard"][-1])
            text = f"{{player}} pushed the {pushed} and a stock card to the next player, then drew from the stock."
        elif kind == "draw_stock":
            text = "{player} drew from the stock."
        elif kind == "lay_contract":
            shown = "; ".join(f"{m['kind']} {_faces(m['cards'])}" for m in move["melds"])
            text = f"{{player}} laid down the contract: {shown}."
        elif kind == "meld":
            text = f"{{player}} melded a {move['kind']}: {_faces(move['cards'])}."
        elif kind == "lay_off":
            target = state["melds"][move["meld"]]
            text = f"{{player}} laid off {_faces(move['cards'])} on the {target['kind']} {_faces(target['cards'])}."
        elif kind == "replace":
            text = (
                f"{{player}} put the {face(move['card'])} in place of the {face(move['wild'])} "
                f"and must use the {face(move['wild'])} this turn."
            )
        elif kind == "discard":
            text = f"{{player}} discarded the {face(move['card'])}."
        else:
            text = "{player} resigned."
        return text + _aftermath(state, after)


RULES = CapItRules()


def all_cards(state: State) -> list[str]:
    """Every card of the game, wherever it is: the hands (resigned seats' too), the stock,
    the discard pile and the melds on the table."""
    return held_cards(state) + state["stock"] + state["discard"] + [c for meld in state["melds"] for c in meld["cards"]]


# ---------------------------------------------------------------- checks


def _held(cards: object, hand: list[str], field: str) -> list[str]:
    """These cards, once each is a distinct card id in the hand."""
    if not isinstance(cards, list) or not cards:
        raise IllegalMove(f"'{field}' must be a non-empty list of card ids such as \"10H:1\".")
    for card in cards:
        _held_card(card, hand, field)
    if len(set(cards)) < len(cards):
        raise IllegalMove(f"A card appears twice in '{field}'.")
    return list(cards)


def _held_card(card: object, hand: list[str], field: str) -> str:
    if not isinstance(card, str) or not is_card(card) or ":" not in card:
        raise IllegalMove(f"'{field}' must hold card ids such as \"10H:1\", not {card!r}.")
    if card not in hand:
        raise IllegalMove(f"You do not hold the {face(card)} ({card}).")
    return card


def _meld_index(state: State, index: object) -> int:
    if type(index) is not int or index not in range(len(state["melds"])):
        raise IllegalMove(f"There is no meld {index!r} on the table.")
    return index


def _check_laid(state: State, seat: int) -> None:
    if not state["laid"][seat]:
        raise IllegalMove(
            f"Lay down your contract first ({contract_text(state['round'])}): before it you may not meld or lay off."
        )


def _arranged(cards: list[str], kind: object, label: str = "") -> tuple[list[str], list[str]]:
    try:
        return arrange(cards, kind)
    except MeldError as bad:
        raise IllegalMove(label + bad.reason) from None


def _check_room(melds: list[dict], must_use: list[dict]) -> None:
    """Refuse a play after which the freed wild cards could no longer all be laid off
    on melds other than the ones they came from: the turn could then never end."""
    if not _room_for(melds, must_use):
        raise IllegalMove(
            "That would leave no meld able to take the wild card you freed, and you must use it this turn."
        )


def _room_for(melds: list[dict], must_use: list[dict]) -> bool:
    if not must_use:
        return True
    rooms = [room(meld) for meld in melds]
    total = sum(rooms)
    by_source: dict[int, int] = {}
    for entry in must_use:
        by_source[entry["from"]] = by_source.get(entry["from"], 0) + 1
    return len(must_use) <= total and all(count <= total - rooms[src] for src, count in by_source.items())


def _drawn_by(state: State, seat: int | None) -> str | None:
    """The card `seat` just drew or took, for its own view only."""
    drawn = state.get("drawn")
    return drawn["card"] if drawn and seat is not None and drawn["seat"] == seat else None


# ---------------------------------------------------------------- moves


def _take_discard(state: State, seat: int, move: Move) -> State:
    if not state["discard"]:
        raise IllegalMove("The discard pile is empty: draw from the stock.")
    new = next_state(state)
    new["hands"][seat] = state["hands"][seat] + [state["discard"][-1]]
    new["discard"] = state["discard"][:-1]
    new["phase"] = "play"
    return new


def _push(state: State, seat: int, move: Move) -> State:
    if not state["discard"]:
        raise IllegalMove("The discard pile is empty: there is nothing to push. Draw from the stock.")
    new = next_state(state)
    if len(state["stock"]) < 2:  # the push needs two stock cards: the round ends
        _end_round(new, None)
        return new
    target = next_seat(state, seat)
    new["hands"][target] = state["hands"][target] + [state["stock"][-1], state["discard"][-1]]
    new["hands"][seat] = state["hands"][seat] + [state["stock"][-2]]
    new["stock"] = state["stock"][:-2]
    new["discard"] = state["discard"][:-1]
    new["phase"] = "play"
    return new


def _draw_stock(state: State, seat: int, move: Move) -> State:
    if state["discard"]:
        raise IllegalMove("Take the discard or push: you draw from the stock only when the discard pile is empty.")
    new = next_state(state)
    if not state["stock"]:
        _end_round(new, None)
        return new
    new["hands"][seat] = state["hands"][seat] + [state["stock"][-1]]
    new["stock"] = state["stock"][:-1]
    new["phase"] = "play"
    return new


def _lay_contract(state: State, seat: int, move: Move) -> State:
    if state["laid"][seat]:
        raise IllegalMove("Your contract is down already: meld or lay off instead.")
    melds = move["melds"]
    if not isinstance(melds, list) or not all(isinstance(m, dict) for m in melds):
        raise IllegalMove('\'melds\' must be a list of melds, each {"kind": "set" or "run", "cards": [...]}.')
    if len(melds) != len(CONTRACTS[state["round"] - 1]):
        raise IllegalMove(lay_exactly(state["round"]))
    hand = state["hands"][seat]
    laid, used = [], []
    # The melds are the contract's groups in order: named by their letters, as the page does.
    for letter, meld in zip(GROUPS, melds):
        if set(meld) != {"kind", "cards"}:
            raise IllegalMove(f'Group {letter} must have exactly a "kind" and "cards".')
        cards = _held(meld["cards"], hand, "cards")
        used += cards
        laid.append(_arranged(cards, meld["kind"], f"Group {letter}: ") + (meld["kind"],))
    if len(set(used)) < len(used):
        raise IllegalMove("A card cannot be in two melds.")
    problem = contract_problem([(kind, len(cards)) for cards, _, kind in laid], state["round"])
    if problem:
        raise IllegalMove(problem)
    new = next_state(state)
    new["melds"] = state["melds"] + [_table_meld(seat, kind, cards, slots) for cards, slots, kind in laid]
    new["laid"] = list(state["laid"])
    new["laid"][seat] = True
    return _after_play(new, seat, used)


def _meld(state: State, seat: int, move: Move) -> State:
    _check_laid(state, seat)
    cards = _held(move["cards"], state["hands"][seat], "cards")
    ordered, slots = _arranged(cards, move["kind"])
    new = next_state(state)
    new["melds"] = state["melds"] + [_table_meld(seat, move["kind"], ordered, slots)]
    return _after_play(new, seat, cards)


def _lay_off(state: State, seat: int, move: Move) -> State:
    _check_laid(state, seat)
    index = _meld_index(state, move["meld"])
    cards = _held(move["cards"], state["hands"][seat], "cards")
    end = move.get("end")
    if end not in (None, "low", "high"):
        raise IllegalMove('\'end\' is "low" or "high": where wild cards go on a run.')
    for entry in state["must_use"]:
        if entry["card"] in cards and entry["from"] == index:
            raise IllegalMove(f"The {face(entry['card'])} you freed must go into another meld, not back into this one.")
    target = state["melds"][index]
    try:
        ordered, slots = extend(target, cards, end)
    except MeldError as bad:
        raise IllegalMove(bad.reason) from None
    new = next_state(state)
    new["melds"] = list(state["melds"])
    new["melds"][index] = {**target, "cards": ordered, "as": slots}
    return _after_play(new, seat, cards)


def _replace(state: State, seat: int, move: Move) -> State:
    _check_laid(state, seat)
    index = _meld_index(state, move["meld"])
    card = _held_card(move["card"], state["hands"][seat], "card")
    target = state["melds"][index]
    wild = move["wild"]
    if not isinstance(wild, str) or wild not in target["cards"]:
        raise IllegalMove(f"There is no card {wild!r} in that meld.")
    spot = target["cards"].index(wild)
    slot = target["as"][spot]
    if is_natural(wild, slot):
        if face_of(wild)[:-1] == "2":
            raise IllegalMove(f"The {face(wild)} stands for itself there: a 2 in its natural spot cannot be replaced.")
        raise IllegalMove(f"The {face(wild)} is a natural card, not a wild one.")
    if not is_natural(card, slot):
        raise IllegalMove(f"The {face(wild)} stands for {_slot_words(slot)}: only that natural card can replace it.")
    if {"card": card, "from": index} in state["must_use"]:
        raise IllegalMove(f"The {face(card)} you freed must go into another meld, not back into this one.")
    new = next_state(state)
    cards = list(target["cards"])
    cards[spot] = card
    new["melds"] = list(state["melds"])
    new["melds"][index] = {**target, "cards": cards}
    hand = list(state["hands"][seat])
    hand.remove(card)
    new["hands"][seat] = hand + [wild]
    new["must_use"] = _freed_after_swap(state["must_use"], card, wild, index)
    _check_room(new["melds"], new["must_use"])
    return new


def _freed_after_swap(must_use: list[dict], card: str, wild: str, index: int) -> list[dict]:
    """The freed wild cards once `card` went into meld `index` for `wild`: a freed
    card used as the natural of the replacement counts as used."""
    return [entry for entry in must_use if entry["card"] != card] + [{"card": wild, "from": index}]


def _discard(state: State, seat: int, move: Move) -> State:
    hand = state["hands"][seat]
    card = _held_card(move["card"], hand, "card")
    if state["must_use"]:
        wilds = " and the ".join(face(entry["card"]) for entry in state["must_use"])
        raise IllegalMove(f"Use the {wilds} you freed in a meld before you discard.")
    new = next_state(state)
    new["hands"][seat] = [c for c in hand if c != card]
    new["discard"] = state["discard"] + [card]
    if not new["hands"][seat]:
        _end_round(new, seat)
    else:
        _pass_turn(new)
    return new


_HANDLERS = {
    "take_discard": _take_discard,
    "push": _push,
    "draw_stock": _draw_stock,
    "lay_contract": _lay_contract,
    "meld": _meld,
    "lay_off": _lay_off,
    "replace": _replace,
    "discard": _discard,
}


# ---------------------------------------------------------------- turn and round flow


def _after_play(new: State, seat: int, played: list[str]) -> State:
    """Take the played cards from the hand; the round ends if it is empty."""
    gone = set(played)
    new["hands"][seat] = [card for card in new["hands"][seat] if card not in gone]
    new["must_use"] = [entry for entry in new["must_use"] if entry["card"] not in gone]
    _check_room(new["melds"], new["must_use"])
    if not new["hands"][seat]:
        _end_round(new, seat)
    return new


def _pass_turn(new: State) -> None:
    new["turn"] = next_seat(new, new["turn"])
    new["phase"] = "draw"
    new["turns"] += 1
    new["must_use"] = []


def _deal(state: State, number: int) -> None:
    """Deal round `number`: the dealer is seat (number-1) % players, the seat after the
    dealer plays first; seats still in get 10 cards each, one card starts the discard."""
    players = state["players"]
    cards = shuffled(deck(players), state["seed"], f"round:{number}")
    active = active_seats(state)
    dealer = (number - 1) % players
    first = next_seat(state, dealer)
    hands: list[list[str]] = [[] for _ in range(players)]
    order = sorted(active, key=lambda seat: (seat - first) % players)
    for k, seat in enumerate(order):
        hands[seat] = cards[k * HAND_SIZE : (k + 1) * HAND_SIZE]
    rest = cards[len(order) * HAND_SIZE :]
    state.update(
        round=number,
        dealer=dealer,
        turn=first,
        phase="draw",
        turns=0,
        hands=hands,
        discard=rest[:1],
        stock=rest[1:],
        melds=[],
        laid=[False] * players,
        must_use=[],
        out_hands={},
    )


def _end_round(new: State, went_out: int | None) -> None:
    """Score the round (everyone pays for the cards in hand), then deal the next one or
    finish the game after round 5."""
    ace = new["options"]["ace_value"]
    points = [None if seat in new["out"] else hand_points(new["hands"][seat], ace) for seat in range(new["players"])]
    playing = [p for p in points if p is not None]
    low = min(playing)
    new["scores"] = new["scores"] + [points]
    new["rounds"] = new["rounds"] + [
        {
            "number": new["round"],
            "dealer": new["dealer"],
            "went_out": went_out,
            "reason": "went_out" if went_out is not None else "stock_out",
            "points": points,
            # The cards that made each seat's points, public once scored: as faces, for the
            # ids come back in the next rounds' hidden hands and a view must not name them.
            "hands": [
                None if seat in new["out"] else [face_of(c) for c in new["hands"][seat]]
                for seat in range(new["players"])
            ],
            "winners": [seat for seat, p in enumerate(points) if p == low],
        }
    ]
    if new["round"] >= ROUNDS:
        totals = _totals(new)
        best = min(totals[seat] for seat in active_seats(new))
        _finish(new, [seat for seat in active_seats(new) if totals[seat] == best], "five_rounds")
    else:
        _deal(new, new["round"] + 1)


def _finish(new: State, winners: list[int], reason: str) -> None:
    new["phase"] = "over"
    new["must_use"] = []
    new["result"] = {
        "winners": winners,
        "scores": _totals(new),
        "rounds": copy.deepcopy(new["scores"]),
        "reason": reason,
    }


def _totals(state: State) -> list[int]:
    return [sum(points[seat] or 0 for points in state["scores"]) for seat in range(state["players"])]


# ---------------------------------------------------------------- legal move lists


def _one_per_face(cards: list[str]) -> list[str]:
    """One card id per face: copies of a card are interchangeable."""
    seen: dict[str, str] = {}
    for card in sort_hand(cards):
        seen.setdefault(face_of(card), card)
    return list(seen.values())


def _lay_offs(state: State, hand: list[str]) -> list[Move]:
    moves = []
    must = {entry["card"]: entry["from"] for entry in state["must_use"]}
    cards = _one_per_face(hand)
    for card in cards + [card for card in must if card not in cards]:
        for index, meld in enumerate(state["melds"]):
            if must.get(card) == index or not fits(meld, card):
                continue
            if must and meld["kind"] == "run":  # a longer run has less room for freed wilds
                grown = list(state["melds"])
                grown[index] = {**meld, "cards": meld["cards"] + [card]}
                if not _room_for(grown, [entry for entry in state["must_use"] if entry["card"] != card]):
                    continue
            moves.append({"type": "lay_off", "meld": index, "cards": [card]})
    return moves


def _new_melds(state: State, hand: list[str]) -> list[Move]:
    return [{"type": "meld", **meld} for meld in find_melds(hand)]


def _replacements(state: State, hand: list[str]) -> list[Move]:
    moves = []
    must = {entry["card"]: entry["from"] for entry in state["must_use"]}
    for index, meld in enumerate(state["melds"]):
        for wild, slot in zip(meld["cards"], meld["as"]):
            if is_natural(wild, slot):
                continue
            card = next((c for c in hand if is_natural(c, slot) and must.get(c) != index), None)
            if card is None:
                continue
            if _room_for(state["melds"], _freed_after_swap(state["must_use"], card, wild, index)):
                moves.append({"type": "replace", "meld": index, "card": card, "wild": wild})
    return moves


# ---------------------------------------------------------------- what players see


def _table_meld(owner: int, kind: str, cards: list[str], slots: list[str]) -> dict:
    return {"owner": owner, "kind": kind, "cards": list(cards), "as": list(slots)}


def _public_meld(meld: dict) -> dict:
    return {
        **copy.deepcopy(meld),
        "wild": [not is_natural(card, slot) for card, slot in zip(meld["cards"], meld["as"])],
    }


def _faces(cards: list[str]) -> str:
    return " ".join(face(card) for card in cards)


def _slot_words(slot: str) -> str:
    if slot[-1] in "SHDC":
        return f"the {as_face(slot)}"
    return f"a {slot}" if slot not in ("8", "A") else f"an {slot}"


def _aftermath(before: State, after: State) -> str:
    text = ""
    if len(after["rounds"]) > len(before["rounds"]):
        summary = after["rounds"][-1]
        if summary["went_out"] is not None:
            text = f" {{player}} went out: round {summary['number']} is over."
        else:
            text = f" The stock ran out: round {summary['number']} is over."
    if after["phase"] == "over":
        text += " The game is over."
    return text
