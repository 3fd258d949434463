"""Rummathon Royale as a pure state machine (the engine contract: engine/base.py).

Each seat has its own rule card (twelve round sequences) and works through the variant's
sequences at its own pace. A round: the deal, then every seat at once may buy extra cards
with points ("buy" phase), then turns ("play" phase): optionally declare, draw (from the
deck, or take from the discard pile as part of laying down or hitting), lay the sequence
down whole, hit, play action cards, discard. The first empty hand ends the round: it is
scored, every seat advances or repeats, and the next round is dealt inside `apply`, so
`new_game` plus the moves rebuilds every state. The state is a JSON-ready dict; `apply`
never changes the state it is given.

Per seat, "down" counts the sequences laid this round (0: not down; 2 or 3 after a
Rummathon Royale or a Double), and "progress" indexes the variant's sequence list.
"""

import json
import math

from engine.base import GameInfo, IllegalMove, Move, State
from engine.common import (
    active_seats,
    check_seat,
    check_shape,
    common_view,
    held_cards,
    next_seat,
    next_state,
    resign,
    stored_result,
)
from engine.rng import shuffled

from .cards import HAND_SIZE, action, colour, deck, face, hand_points, is_card, is_flex, number, sort_hand
from .groups import GroupError, arrange, hit, meets_problem, sequence_text
from .rule_cards import RULE_CARDS
from .solver import find_sequence

VARIANTS = {
    "full": list(range(12)),
    "half": list(range(6)),
    "even": list(range(1, 12, 2)),
    "odd": list(range(0, 12, 2)),
}
MAX_BUY = 20
BUY_PRICE = 10
# A burden's extra group, and what it is worth (to its target if laid, else to who played it).
BURDEN_GROUP = {"burden": {"kind": "set", "size": 3}, "double": {"kind": "run", "size": 4}}
BURDEN_POINTS = {"burden": 50, "double": 100}
BURDEN_KIND = {"BURDEN": "burden", "DOUBLE_BURDEN": "double"}

_GROUP_FIELDS = {"kind", "cards"}
_FIELDS = {  # move type: (needed fields, optional fields)
    "buy": ({"count"}, set()),
    "declare": (set(), set()),
    "draw": (set(), set()),
    "take": ({"depth"}, {"lay", "hit"}),
    "lay": ({"groups"}, set()),
    "hit": ({"seat", "group", "cards"}, {"end"}),
    "action": ({"card"}, {"target"}),
    "discard": ({"card"}, set()),
    "resign": (set(), set()),
}
_DRAWS = ("draw", "take")
_AFTER_DRAW = ("lay", "hit", "action", "discard")
DRAW_FIRST = "Draw first: from the deck, or take from the discard pile to lay down or hit with it."


class RummathonRules:
    # `sabotage_discard`: whether a Sabotage may be discarded, as before session 44; the
    # games dealt before then keep it (games/rummathon/migrations/0001), so they replay.
    info = GameInfo("rummathon", "Rummathon Royale", 2, 6, 4, {"variant": "full", "sabotage_discard": False})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        if not isinstance(options, dict):
            raise TypeError("options must be a dict")
        if type(players) is not int or not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(f"{self.info.name} needs {self.info.min_players} to {self.info.max_players} players")
        unknown = set(options) - set(self.info.default_options)
        if unknown:
            raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
        options = {**self.info.default_options, **options}
        if options["variant"] not in VARIANTS:
            raise ValueError(f"variant must be one of: {', '.join(VARIANTS)}")
        if not isinstance(options["sabotage_discard"], bool):
            raise ValueError("sabotage_discard must be true or false")
        state = {
            "seed": seed,
            "players": players,
            "options": options,
            "rule_card": shuffled(range(len(RULE_CARDS)), seed, "rule_cards")[:players],
            "progress": [0] * players,
            "scores": [0] * players,
            "banned_declare": [False] * players,
            "rounds": [],
            "out": [],
            "out_hands": {},
            "result": None,
            "moves": 0,
        }
        _deal(state, 1)
        return state

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        if state["phase"] == "buy":
            return [seat for seat in active_seats(state) if state["bought"][seat] is None]
        return [state["turn"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "buy":
            return [{"type": "buy", "count": count} for count in range(most_to_buy(state, seat) + 1)]
        if not state["drawn"]:
            return _draw_moves(state, seat)
        hand = state["hands"][seat]
        moves: list[Move] = []
        requirement = next_requirement(state, seat)
        if requirement is not None:
            groups = find_sequence(hand, requirement)
            if groups:
                moves.append({"type": "lay", "groups": groups})
        if state["down"][seat]:
            moves += [
                {"type": "hit", **target} for card in _one_per_face(hand) for target in _hit_targets(state, seat, card)
            ]
        moves += _action_moves(state, seat)
        moves += [{"type": "discard", "card": card} for card in _one_per_face(hand) if _may_discard(state, card)]
        return moves

    def apply(self, state: State, seat: int, move: Move) -> State:
        kind = check_shape(move, _FIELDS)
        check_seat(state, seat)
        if kind == "resign":
            return (
                resign(state, seat, _finish_last_standing, _pass_turn)
                if state["phase"] == "play"
                else _resign_buying(state, seat)
            )
        if state["phase"] == "buy":
            if kind != "buy":
                raise IllegalMove("Every player first chooses how many extra cards to buy.")
            if state["bought"][seat] is not None:
                raise IllegalMove("You have chosen your extra cards already: wait for the others.")
            return _buy(state, seat, move)
        if seat != state["turn"]:
            raise IllegalMove("It is not your turn.")
        if kind == "buy":
            raise IllegalMove("Extra cards are bought only right after the deal.")
        if kind in _DRAWS and state["drawn"]:
            raise IllegalMove("You have drawn already this turn: lay down, hit, play action cards, then discard.")
        if kind in _AFTER_DRAW and not state["drawn"]:
            raise IllegalMove(DRAW_FIRST)
        if kind == "declare" and state["drawn"]:
            raise IllegalMove("Declare at the start of your turn, before you draw.")
        return _HANDLERS[kind](state, seat, move)

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sort_hand, self.to_act)
        # The nested parts are copied through JSON in one go: the view is JSON by contract,
        # and this is several times quicker than deepcopy, which bots and pages pay per view.
        nested = {
            "requirement": [_requirement_view(state, s) for s in range(state["players"])],
            "groups": state["groups"],
            "played": state["played"],
            "burdens": state["burdens"],
            "blocked": state["blocked"],
            "rounds": state["rounds"],
        }
        view.update(json.loads(json.dumps(nested)))
        view.update(
            round=state["round"],
            dealer=state["dealer"],
            drawn=state["drawn"],
            new_card=_new_card(state, seat),
            deck_size=len(state["deck"]),
            discard=list(state["discard"]),
            upturned=state["upturned"],
            rule_card=list(state["rule_card"]),
            sequences=VARIANTS[state["options"]["variant"]],
            progress=list(state["progress"]),
            down=list(state["down"]),
            skips=list(state["skips"]),
            declared=list(state["declared"]),
            banned_declare=list(state["banned_declare"]),
            bought=list(state["bought"]),
            most_to_buy=None if seat is None or state["phase"] != "buy" else most_to_buy(state, seat),
            scores=list(state["scores"]),
            last_round=view["rounds"][-1] if view["rounds"] else None,
        )
        return view

    result = staticmethod(stored_result)

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        after = self.apply(state, seat, move) if after is None else after
        kind = move["type"]
        if kind == "buy":
            count = move["count"]
            text = "{player} bought no extra cards." if not count else f"{{player}} bought {_cards(count)}."
        elif kind == "declare":
            name = "Double Rummathon Royale" if after["declared"][seat] == "double" else "Rummathon Royale"
            text = f"{{player}} declared {name}!"
        elif kind == "draw":
            text = "{player} drew from the deck."
        elif kind == "take":
            taken = state["discard"][len(state["discard"]) - 1 - move["depth"] :]
            text = f"{{player}} took {_faces(taken)} from the discard pile"
            if move.get("lay"):
                text += " and laid down: " + _groups_text(move["lay"])
            elif move.get("hit"):
                text += " and hit with it"
            text += "."
        elif kind == "lay":
            text = "{player} laid down: " + _groups_text(move["groups"]) + "."
        elif kind == "hit":
            text = f"{{player}} hit {_faces(_hit_in_group_order(state, move))} on {_group_named(state, seat, move)}."
        elif kind == "action":
            text = _action_text(move)
        elif kind == "discard":
            text = f"{{player}} discarded {face(move['card'])}."
        else:
            text = "{player} resigned."
        return text + _aftermath(state, after)


RULES = RummathonRules()


# ---------------------------------------------------------------- public helpers


def requirement_at(state: State, seat: int, ahead: int = 0) -> list[dict] | None:
    """The sequence `seat` works on (`ahead` = 1, 2: the ones after it), or None past the end."""
    return _sequence_at(
        RULE_CARDS[state["rule_card"][seat]]["sequences"],
        VARIANTS[state["options"]["variant"]],
        state["progress"][seat] + ahead,
    )


def view_sequence(view: dict, seat: int, ahead: int = 0) -> list[dict] | None:
    """`requirement_at` as a player knows it, from `view(state, any seat)`: every seat's
    rule card and progress are open to the table."""
    sequences = RULE_CARDS[view["rule_card"][seat]]["sequences"]
    return _sequence_at(sequences, view["sequences"], view["progress"][seat] + ahead)


def next_requirement(state: State, seat: int) -> list[dict] | None:
    """What `seat` would lay with its next lay-down this round (its burden's group
    included the first time), or None if it has nothing more to lay."""
    sequences = RULE_CARDS[state["rule_card"][seat]]["sequences"]
    return _next_requirement(state, seat, sequences, VARIANTS[state["options"]["variant"]])


def view_requirement(view: dict, seat: int) -> list[dict] | None:
    """`next_requirement` as a page knows it: from `view(state, any seat)`, which shows
    every seat's rule card, progress, lay-downs, declaration and burden."""
    return _next_requirement(view, seat, RULE_CARDS[view["rule_card"][seat]]["sequences"], view["sequences"])


def _next_requirement(where: dict, seat: int, sequences: list, order: list[int]) -> list[dict] | None:
    """`next_requirement` from a state or a view (`where`), given the seat's rule card's
    sequences and the variant's order of them."""
    down, declared = where["down"][seat], where["declared"][seat]
    most = {None: 1, "royale": 2, "double": 3}[declared]
    if down >= most:
        return None
    requirement = _sequence_at(sequences, order, where["progress"][seat] + down)
    if requirement is None:
        return None
    burden = where["burdens"][seat]
    if down == 0 and burden:
        requirement = requirement + [BURDEN_GROUP[burden["kind"]]]
    return requirement


def _sequence_at(sequences: list, order: list[int], index: int) -> list[dict] | None:
    return sequences[order[index]] if index < len(order) else None


def burden_group(sequence: list[dict], item: dict, groups: list[dict]) -> int | None:
    """Which of these groups (meeting `sequence` plus the burden's `item`) is the
    burden's: the one marked "burden" if any, else the last of the burden's kind and
    size whose removal leaves groups meeting the sequence; None if none can be."""
    marked = [k for k, group in enumerate(groups) if group.get("burden")]
    for k in marked or reversed(range(len(groups))):
        group = groups[k]
        rest = [{"kind": g["kind"], "cards": g["cards"]} for j, g in enumerate(groups) if j != k]
        if group["kind"] == item["kind"] and len(group["cards"]) >= item["size"]:
            if meets_problem(sequence, rest) is None:
                return k
    return None


def most_to_buy(state: State, seat: int) -> int:
    """How many extra cards `seat` may buy now: one per 10 points (rounded up), at most 20,
    and no more than the deck and the discard pile below its top can give."""
    return max(
        0, min(math.ceil(state["scores"][seat] / BUY_PRICE), MAX_BUY, len(state["deck"]) + len(state["discard"]) - 1)
    )


def all_cards(state: State) -> list[str]:
    """Every card of the game, wherever it is: hands (resigned seats' too), deck, discard
    pile, the groups on the table and the action cards played on it."""
    on_table = [card for seat_groups in state["groups"] for group in seat_groups for card in group["cards"]]
    return (
        held_cards(state) + state["deck"] + state["discard"] + on_table + [entry["card"] for entry in state["played"]]
    )


# ---------------------------------------------------------------- checks


def _held(cards: object, hand: list[str], field: str) -> list[str]:
    """These cards, once each is a distinct card id in the hand."""
    if not isinstance(cards, list) or not cards:
        raise IllegalMove(f"'{field}' must be a non-empty list of card ids such as \"Y12:1\".")
    for card in cards:
        _held_card(card, hand, field)
    if len(set(cards)) < len(cards):
        raise IllegalMove(f"A card appears twice in '{field}'.")
    return list(cards)


def _held_card(card: object, hand: list[str], field: str) -> str:
    if not is_card(card):
        raise IllegalMove(f"'{field}' must hold card ids such as \"Y12:1\", not {card!r}.")
    if card not in hand:
        raise IllegalMove(f"You do not hold {face(card)} ({card}).")
    return card


def _target_seat(state: State, target: object, me: int) -> int:
    if type(target) is not int or target not in range(state["players"]):
        raise IllegalMove(f"There is no seat {target!r} at this table.")
    if target in state["out"]:
        raise IllegalMove("That player has resigned.")
    if target == me:
        raise IllegalMove("Choose another player, not yourself.")
    return target


def _check_down(state: State, seat: int, what: str) -> None:
    if not state["down"][seat]:
        raise IllegalMove(f"Lay down your sequence first: only then may you {what}.")


def _hit_refusal(state: State, seat: int, owner: object, group_id: object) -> tuple[int, int] | str:
    """(owner, index of the group) when `seat` may hit that group, else why not."""
    if type(owner) is not int or owner not in range(state["players"]):
        return f"There is no seat {owner!r} at this table."
    if not state["down"][owner]:
        return "You may hit only the groups of players whose sequence is down."
    index = next((k for k, group in enumerate(state["groups"][owner]) if group["id"] == group_id), None)
    if index is None:
        return f"That player has no group {group_id!r}."
    if state["groups"][owner][index]["burden"]:
        return "No one may hit a burden group."
    block = state["blocked"][owner]
    if block and seat not in (owner, block["by"]):
        return "That player's groups are blocked: you may not hit them."
    return owner, index


# ---------------------------------------------------------------- moves


def _buy(state: State, seat: int, move: Move) -> State:
    count, most = move["count"], most_to_buy(state, seat)
    if type(count) is not int or not 0 <= count <= most:
        raise IllegalMove(f"You may buy from 0 to {most} extra cards (10 points each).")
    new = next_state(state)
    new["bought"] = list(state["bought"])
    new["bought"][seat] = count
    new["scores"] = list(state["scores"])
    new["scores"][seat] -= count * BUY_PRICE
    new["deck"], new["discard"] = list(state["deck"]), list(state["discard"])
    for _ in range(count):
        new["hands"][seat] = new["hands"][seat] + [_pop_deck(new)]
    if all(new["bought"][s] is not None for s in active_seats(new)):
        new["phase"] = "play"
    return new


def _declare(state: State, seat: int, move: Move) -> State:
    declared = state["declared"][seat]
    if state["banned_declare"][seat]:
        raise IllegalMove("Your Rummathon Royale failed last round: you may not declare this round.")
    if declared == "double":
        raise IllegalMove("You have declared Double Rummathon Royale already.")
    if declared == "royale" and state["down"][seat] < 2:
        raise IllegalMove("Complete your Rummathon Royale first: lay your next sequence, then you may declare Double.")
    _check_down(state, seat, "declare Rummathon Royale")
    ahead = 1 if declared is None else 2
    if requirement_at(state, seat, ahead) is None:
        raise IllegalMove("Your rule card has no further sequence to declare for.")
    new = next_state(state)
    new["declared"] = list(state["declared"])
    new["declared"][seat] = "royale" if declared is None else "double"
    return new


def _draw(state: State, seat: int, move: Move) -> State:
    new = next_state(state)
    new["deck"], new["discard"] = list(state["deck"]), list(state["discard"])
    if not new["deck"] and len(new["discard"]) < 2:  # nothing left to draw: the round ends
        _end_round(new, None)
        return new
    new["new_card"] = _pop_deck(new)
    new["hands"][seat] = state["hands"][seat] + [new["new_card"]]
    new["drawn"] = True
    new["upturned"] = None
    return new


def _upturned_take(state: State, seat: int, move: Move) -> bool:
    """Whether this is the first player taking the action card the deal turned up (it
    does not count as the draw: they draw from the deck after it)."""
    return (
        move["type"] == "take"
        and state["upturned"] is not None
        and not state["drawn"]
        and move.get("depth") == 0
        and "lay" not in move
        and "hit" not in move
    )


def _take(state: State, seat: int, move: Move) -> State:
    depth, pile = move["depth"], state["discard"]
    if type(depth) is not int or not 0 <= depth < len(pile):
        raise IllegalMove(f"The discard pile has {len(pile)} card(s): 'depth' runs from 0 (the top) down.")
    new = next_state(state)
    if _upturned_take(state, seat, move):
        new["hands"][seat] = state["hands"][seat] + [pile[-1]]
        new["discard"] = pile[:-1]
        new["upturned"] = None
        return new
    lay, hits = move.get("lay"), move.get("hit")
    if (lay is None) == (hits is None):
        raise IllegalMove(
            "A card from the discard pile must be used at once: take it with 'lay' (your sequence) or 'hit'."
        )
    taken = pile[len(pile) - 1 - depth :]
    card = taken[0]
    new["discard"] = pile[: len(pile) - 1 - depth]
    new["hands"][seat] = state["hands"][seat] + taken
    new["drawn"] = True
    new["upturned"] = None
    if lay is not None:
        if depth:
            raise IllegalMove("To lay down with it you may take only the top card of the discard pile.")
        if next_requirement(state, seat) is None:
            raise IllegalMove("You have no sequence to lay: take from the discard pile only to hit with the card.")
        if not isinstance(lay, list) or not any(card in _cards_of(g) for g in lay):
            raise IllegalMove(f"Your lay-down must use {face(card)}, the card you take.")
        return _lay_groups(new, seat, lay)
    _check_down(state, seat, "take from the discard pile to hit")
    if not isinstance(hits, list) or not hits or not all(isinstance(h, dict) for h in hits):
        raise IllegalMove('\'hit\' must be a list of hits, each {"seat", "group", "cards"}.')
    if not any(card in _cards_of(h) for h in hits):
        raise IllegalMove(f"You must hit with {face(card)}, the card you take, at once.")
    for one in hits:
        check_shape({**one, "type": "hit"}, {"hit": _FIELDS["hit"]})
        new = _hit(new, seat, one, count=False)
        if new["phase"] != "play" or new["round"] != state["round"]:
            break
    return new


def _cards_of(entry: object) -> list:
    """The "cards" of a group or hit as given, or [] when it has no list of them."""
    cards = entry.get("cards") if isinstance(entry, dict) else None
    return cards if isinstance(cards, list) else []


def _lay(state: State, seat: int, move: Move) -> State:
    return _lay_groups(next_state(state), seat, move["groups"])


def _lay_groups(new: State, seat: int, groups: object) -> State:
    """Lay `seat`'s next sequence from these groups into `new` (a fresh copy, changed in place)."""
    state = new
    requirement = next_requirement(state, seat)
    if requirement is None:
        raise IllegalMove("You have no further sequence to lay this round: hit, or discard.")
    if not isinstance(groups, list) or not all(
        isinstance(g, dict) and set(g) <= _GROUP_FIELDS | {"burden"} for g in groups
    ):
        raise IllegalMove(
            '\'groups\' must be a list of groups, each {"kind": "set", "run" or "colour", "cards": [...]}.'
        )
    hand = state["hands"][seat]
    used: list[str] = []
    for group in groups:
        if not _GROUP_FIELDS <= set(group):
            raise IllegalMove("Each group needs a kind and its cards.")
        used += _held(group["cards"], hand, "cards")
    clean = [{"kind": group["kind"], "cards": group["cards"]} for group in groups]
    problem = meets_problem(requirement, clean)
    if problem:
        raise IllegalMove(problem)
    burden_at = _burden_index(state, seat, groups) if state["down"][seat] == 0 and state["burdens"][seat] else None
    laid = [
        {
            "id": state["next_group"] + k,
            "kind": g["kind"],
            "cards": arrange(g["cards"], g["kind"])[0],
            "burden": k == burden_at,
        }
        for k, g in enumerate(clean)
    ]
    new["next_group"] = state["next_group"] + len(laid)
    new["groups"] = list(state["groups"])
    new["groups"][seat] = state["groups"][seat] + laid
    new["down"] = list(state["down"])
    new["down"][seat] += 1
    if new["declared"][seat] == "double" and new["down"][seat] >= 3:  # Double Rummathon Royale made: won at once
        gone = set(used)
        new["hands"][seat] = [card for card in new["hands"][seat] if card not in gone]
        _finish(new, [seat], "double_royale")
        return new
    return _after_play(new, seat, used)


def _burden_index(state: State, seat: int, groups: list[dict]) -> int:
    item = BURDEN_GROUP[state["burdens"][seat]["kind"]]
    index = burden_group(requirement_at(state, seat), item, groups)
    if index is None:
        raise IllegalMove(f"Your burden adds a {item['kind']} of {item['size']}: mark which group is the burden's.")
    return index


def _hit(state: State, seat: int, move: Move, count: bool = True) -> State:
    _check_down(state, seat, "hit")
    found = _hit_refusal(state, seat, move["seat"], move["group"])
    if isinstance(found, str):
        raise IllegalMove(found)
    owner, index = found
    cards = _held(move["cards"], state["hands"][seat], "cards")
    end = move.get("end")
    if end not in (None, "low", "high"):
        raise IllegalMove('\'end\' is "low" or "high": where Flex cards go on a run.')
    target = state["groups"][owner][index]
    try:
        grown = hit(target, cards, end)
    except GroupError as bad:
        raise IllegalMove(bad.reason) from None
    new = next_state(state) if count else state
    new["groups"] = list(new["groups"])
    new["groups"][owner] = list(new["groups"][owner])
    new["groups"][owner][index] = grown
    return _after_play(new, seat, cards)


def _action(state: State, seat: int, move: Move) -> State:
    hand = state["hands"][seat]
    card = _held_card(move["card"], hand, "card")
    name, target = action(card), move.get("target")
    if name is None or name == "FLEX":
        raise IllegalMove(f"{face(card)} is not an action card to play: use it in a group.")
    if name == "SABOTAGE":
        if target is not None:
            raise IllegalMove("Sabotage names no player: it strikes every opponent.")
        return _sabotage(state, seat, card)
    if name == "BLOCK" and state["blocks"][seat] == 0:
        if target is not None:
            raise IllegalMove("Your first Block protects your own groups: name no player.")
        target = seat
    elif target is None:
        raise IllegalMove(f"{face(card)} needs a player: name one as 'target'.")
    else:
        target = _target_seat(state, target, seat)
    new = next_state(state)
    if name == "BYPASS":
        new["skips"] = state["skips"] + [target]
    elif name in BURDEN_KIND:
        if state["down"][target]:
            raise IllegalMove("That player's sequence is down: they can no longer be burdened this round.")
        if state["burdens"][target] or target in state["burdened"]:
            raise IllegalMove("That player has been burdened this round already.")
        new["burdens"] = list(state["burdens"])
        new["burdens"][target] = {"by": seat, "kind": BURDEN_KIND[name]}
        new["burdened"] = state["burdened"] + [target]
    else:  # BLOCK
        _check_down(state, seat, "play a Block")
        if target != seat and state["blocked"][target]:
            # A second Block would open the groups to its player, and close them to the first's.
            raise IllegalMove("That player's groups are blocked already.")
        new["blocked"] = list(state["blocked"])
        new["blocked"][target] = {"by": seat, "all": target == seat}
        new["blocks"] = list(state["blocks"])
        new["blocks"][seat] += 1
    new["played"] = state["played"] + [{"card": card, "by": seat, "target": target}]
    return _after_play(new, seat, [card])


def _sabotage(state: State, seat: int, card: str) -> State:
    """Every opponent's Flex cards and the Sabotage card go back into the deck, shuffled."""
    new = next_state(state)
    back = [card]
    for other in active_seats(state):
        if other != seat:
            flex = [c for c in state["hands"][other] if is_flex(c)]
            back += flex
            new["hands"][other] = [c for c in state["hands"][other] if not is_flex(c)]
    new["deck"] = shuffled(state["deck"] + back, state["seed"], f"sabotage:{state['moves']}")
    return _after_play(new, seat, [card])


def _may_discard(state: State, card: str) -> bool:
    """The sheet: a Sabotage never goes into the discard pile (but at a table dealt under
    the rules before, which let it)."""
    return action(card) != "SABOTAGE" or state["options"].get("sabotage_discard", False)


def _discard(state: State, seat: int, move: Move) -> State:
    hand = state["hands"][seat]
    card = _held_card(move["card"], hand, "card")
    if not _may_discard(state, card):
        raise IllegalMove("A Sabotage never goes to the discard pile: play it.")
    new = next_state(state)
    new["hands"][seat] = [c for c in hand if c != card]
    new["discard"] = state["discard"] + [card]
    if not new["hands"][seat]:
        _end_round(new, seat)
    else:
        _pass_turn(new)
    return new


_HANDLERS = {
    "declare": _declare,
    "draw": _draw,
    "take": _take,
    "lay": _lay,
    "hit": _hit,
    "action": _action,
    "discard": _discard,
}


# ---------------------------------------------------------------- turn and round flow


def _after_play(new: State, seat: int, played: list[str]) -> State:
    """Take the played cards from the hand; an empty hand goes out and ends the round."""
    gone = set(played)
    new["hands"][seat] = [card for card in new["hands"][seat] if card not in gone]
    if not new["hands"][seat]:
        _end_round(new, seat)
    return new


def _pop_deck(new: State) -> str:
    """The deck's top card (the deck's and the discard pile's lists are new); an empty
    deck is first refilled with the discard pile but its top card, shuffled."""
    if not new["deck"]:
        new["deck"] = shuffled(new["discard"][:-1], new["seed"], f"reshuffle:{new['moves']}")
        new["discard"] = new["discard"][-1:]
    return new["deck"].pop()


def _pass_turn(new: State) -> None:
    """The next seat to the left plays, but a seat bypassed loses its turn (one skip each)."""
    skips = list(new["skips"])
    seat = next_seat(new, new["turn"])
    while seat in skips and len(active_seats(new)) > 1:
        skips.remove(seat)
        seat = next_seat(new, seat)
    new["skips"] = skips
    new["turn"] = seat
    new["drawn"] = False
    new["new_card"] = None
    new["upturned"] = None
    new["turns"] += 1


def _resign_buying(state: State, seat: int) -> State:
    new = resign(state, seat, _finish_last_standing, lambda s: None)
    if new["phase"] == "buy" and all(new["bought"][s] is not None for s in active_seats(new)):
        new["phase"] = "play"
    if new["phase"] != "over" and new["turn"] in new["out"]:  # the first player left before play began
        new["turn"] = next_seat(new, new["turn"])
    return new


def _deal(state: State, number: int) -> None:
    """Deal round `number`: the dealer is seat (number-1) % players, the seat after plays
    first; seats still in get 12 cards, one card turns up on the discard pile. Seats that
    may buy nothing (no points) have chosen already."""
    players = state["players"]
    cards = shuffled(deck(), state["seed"], f"round:{number}")
    active = active_seats(state)
    dealer = (number - 1) % players
    first = next_seat(state, dealer)
    hands: list[list[str]] = [[] for _ in range(players)]
    order = sorted(active, key=lambda seat: (seat - first) % players)
    for k, seat in enumerate(order):
        hands[seat] = cards[k * HAND_SIZE : (k + 1) * HAND_SIZE]
    rest = cards[len(order) * HAND_SIZE :]
    upturned = rest[0]
    state.update(
        round=number,
        dealer=dealer,
        turn=first,
        phase="buy",
        drawn=False,
        new_card=None,
        turns=0,
        hands=hands,
        discard=[upturned],
        upturned=upturned if action(upturned) else None,
        deck=rest[1:],
        down=[0] * players,
        groups=[[] for _ in range(players)],
        next_group=0,
        played=[],
        burdens=[None] * players,
        burdened=[],
        blocked=[None] * players,
        blocks=[0] * players,
        skips=[],
        declared=[None] * players,
        bought=[None] * players,
        out_hands={},  # every card is dealt afresh: a resigned seat holds nothing any more
    )
    for seat in active:
        if most_to_buy(state, seat) == 0:
            state["bought"][seat] = 0
    if all(state["bought"][seat] is not None for seat in active):
        state["phase"] = "play"


def _end_round(new: State, went_out: int | None) -> None:
    """Score the round: who went out takes the points left in the other hands; burdens
    pay their target (laid) or their player (not laid); each seat advances (two after a
    Rummathon Royale made) or repeats. Then the next round, or the end."""
    players = new["players"]
    gained = [0] * players
    in_hands = [hand_points(hand) for hand in new["hands"]]
    if went_out is not None:
        gained[went_out] = sum(points for seat, points in enumerate(in_hands) if seat != went_out)
    burden_points = [0] * players
    for seat, burden in enumerate(new["burdens"]):
        if burden:
            laid = any(group["burden"] for group in new["groups"][seat])
            burden_points[seat if laid else burden["by"]] += BURDEN_POINTS[burden["kind"]]
    advanced, banned = [], []
    for seat in range(players):
        down, declared = new["down"][seat], new["declared"][seat]
        if declared == "royale":
            step = 2 if down >= 2 else 0
        elif declared == "double":
            step = 3 if down >= 3 else 0
        else:
            step = 1 if down >= 1 else 0
        if seat in new["out"]:
            step = 0
        advanced.append(step)
        banned.append(declared is not None and step == 0 and seat not in new["out"])
    new["scores"] = [new["scores"][s] + gained[s] + burden_points[s] for s in range(players)]
    new["progress"] = [new["progress"][s] + advanced[s] for s in range(players)]
    new["banned_declare"] = banned
    new["rounds"] = new["rounds"] + [
        {
            "number": new["round"],
            "went_out": went_out,
            "points": gained,
            "burden_points": burden_points,
            # the cards each seat bought after this round's deal (their cost left the score then)
            "bought": [count or 0 for count in new["bought"]],
            "left_in_hand": in_hands,
            "advanced": advanced,
            "declared": list(new["declared"]),
        }
    ]
    last = len(VARIANTS[new["options"]["variant"]])
    finished = [seat for seat in active_seats(new) if new["progress"][seat] >= last]
    if finished:
        best = max(new["scores"][seat] for seat in finished)
        _finish(new, [seat for seat in finished if new["scores"][seat] == best], "all_sequences")
    else:
        _deal(new, new["round"] + 1)


def _finish(new: State, winners: list[int], reason: str) -> None:
    new["phase"] = "over"
    new["result"] = {"winners": winners, "scores": list(new["scores"]), "reason": reason}


def _finish_last_standing(new: State, winners: list[int], reason: str) -> None:
    _finish(new, winners, reason)


# ---------------------------------------------------------------- legal move lists


def _one_per_face(cards: list[str]) -> list[str]:
    """One card id per face: copies of a card are interchangeable."""
    seen: dict[str, str] = {}
    for card in sort_hand(cards):
        seen.setdefault(card.partition(":")[0], card)
    return list(seen.values())


def _hit_targets(state: State, seat: int, card: str) -> list[dict]:
    """Every group `card` alone may hit: {"seat", "group", "cards"}."""
    if action(card) and not is_flex(card):
        return []
    targets = []
    for owner in range(state["players"]):
        for group in state["groups"][owner]:
            if not _may_fit(group, card) or isinstance(_hit_refusal(state, seat, owner, group["id"]), str):
                continue
            try:
                hit(group, [card])
            except GroupError:
                continue
            targets.append({"seat": owner, "group": group["id"], "cards": [card]})
    return targets


# What a natural card must share with a set's or a colour group's natural cards to join it.
_ALIKE = {"set": number, "colour": colour}


def _may_fit(group: dict, card: str) -> bool:
    """A quick look before `hit` judges the card: a natural card joins a set only with its
    number and a colour group only with its colour (legal moves ask this of every card
    and group at every turn)."""
    alike = _ALIKE.get(group["kind"])
    if alike is None or is_flex(card):
        return True
    natural = next(c for c in group["cards"] if not is_flex(c))
    return alike(card) == alike(natural)


def _draw_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = [{"type": "draw"}]
    if _can_declare(state, seat):
        moves.append({"type": "declare"})
    pile, hand = state["discard"], state["hands"][seat]
    if state["upturned"] is not None:
        moves.append({"type": "take", "depth": 0})
    requirement = next_requirement(state, seat)
    if pile and requirement is not None:
        top = pile[-1]
        groups = find_sequence(hand + [top], requirement)
        if groups and any(top in group["cards"] for group in groups):
            moves.append({"type": "take", "depth": 0, "lay": groups})
    if state["down"][seat]:
        for depth in range(len(pile)):
            card = pile[len(pile) - 1 - depth]
            moves += [{"type": "take", "depth": depth, "hit": [target]} for target in _hit_targets(state, seat, card)]
    return moves


def _can_declare(state: State, seat: int) -> bool:
    try:
        _declare(state, seat, {"type": "declare"})
    except IllegalMove:
        return False
    return True


def _action_moves(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    others = [s for s in active_seats(state) if s != seat]
    for card in _one_per_face(state["hands"][seat]):
        name = action(card)
        if name == "SABOTAGE":
            moves.append({"type": "action", "card": card, "target": None})
        elif name == "BYPASS":
            moves += [{"type": "action", "card": card, "target": other} for other in others]
        elif name in BURDEN_KIND:
            moves += [
                {"type": "action", "card": card, "target": other}
                for other in others
                if not state["down"][other] and other not in state["burdened"]
            ]
        elif name == "BLOCK" and state["down"][seat]:
            if state["blocks"][seat] == 0:
                moves.append({"type": "action", "card": card, "target": None})
            else:
                moves += [
                    {"type": "action", "card": card, "target": other} for other in others if not state["blocked"][other]
                ]
    return moves


# ---------------------------------------------------------------- what players see


def _requirement_view(state: State, seat: int) -> dict | None:
    requirement = requirement_at(state, seat)
    if requirement is None:
        return None
    return {"items": requirement, "text": sequence_text(requirement)}


def _new_card(state: State, seat: int | None) -> str | None:
    """The card the seat to play drew from the deck this turn, while it holds it: its
    own, so only its view has it."""
    card = state.get("new_card")
    return card if seat is not None and seat == state["turn"] and card in state["hands"][seat] else None


def _faces(cards: list[str]) -> str:
    return " ".join(face(card) for card in cards)


def _group_named(state: State, seat: int, hit_move: Move) -> str:
    """The group a hit lands on, as the table saw it: "Ben's run R4 Y5 G6", "their own set …"."""
    owner = hit_move["seat"]
    group = next(g for g in state["groups"][owner] if g["id"] == hit_move["group"])
    whose = "their own" if owner == seat else f"{{seat:{owner}}}'s"
    kind = "colour group" if group["kind"] == "colour" else group["kind"]
    return f"{whose} {kind} {_faces(group['cards'])}"


def _hit_in_group_order(state: State, hit_move: Move) -> list[str]:
    """A hit's cards in the order they take in the group (a run's low end first)."""
    group = next(g for g in state["groups"][hit_move["seat"]] if g["id"] == hit_move["group"])
    cards = list(hit_move["cards"])
    try:
        grown = hit(group, cards, hit_move.get("end"))["cards"]
    except GroupError:
        return cards
    return sorted(cards, key=lambda card: grown.index(card) if card in grown else len(grown))


def _cards(count: int) -> str:
    return f"{count} extra card{'s' * (count != 1)}"


def _groups_text(groups: object) -> str:
    """Laid groups as the table shows them: "run G9 R10 R11 Y12", each group's cards in its
    own order (a run from low to high, a Flex in its place), not in the order they were
    ticked."""
    if not isinstance(groups, list):
        return ""
    return "; ".join(f"{g['kind']} {_faces(_in_group_order(g))}" for g in groups if isinstance(g, dict))


def _in_group_order(group: dict) -> list[str]:
    """The group's cards in the order `arrange` lays them; as given if they make no group
    (a move is described once it is applied, so only a caller's own odd move reaches that)."""
    try:
        return arrange(group["cards"], group["kind"])[0]
    except GroupError:
        return list(group["cards"])


def _action_text(move: Move) -> str:
    name, target = action(move["card"]), move.get("target")
    if name == "SABOTAGE":
        return "{player} played Sabotage: every opponent's Flex cards go back into the deck."
    if name == "BYPASS":
        return f"{{player}} played Bypass: {{seat:{target}}} loses their next turn."
    if name in BURDEN_KIND:
        item = BURDEN_GROUP[BURDEN_KIND[name]]
        extra = f"a {item['kind']} of {item['size']}"
        return f"{{player}} played {face(move['card'])} on {{seat:{target}}}: they must also lay {extra}."
    if target is None:
        return "{player} played Block: no one else may hit their groups."
    return f"{{player}} played Block on {{seat:{target}}}: only {{player}} may hit their groups."


def _aftermath(before: State, after: State) -> str:
    text = ""
    if len(after["rounds"]) > len(before["rounds"]):
        summary = after["rounds"][-1]
        if summary["went_out"] is not None:
            text = f" {{seat:{summary['went_out']}}} went out: round {summary['number']} is over."
        else:
            text = f" No cards are left to draw: round {summary['number']} is over."
    if after["phase"] == "over":
        text += " The game is over."
    return text
