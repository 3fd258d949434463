"""Casino (trivia edition) as a pure state machine (the engine contract: engine/base.py).

2-4 players, one 52-card deck. A turn is one card from the hand: a capture (pairs and
groups summing to its value, builds of its value whole), a build (new, added to, or
raised), or a trail. After a capture the capturer may put the captured cards' questions
to opponents (phase "ask"); an asked seat answers whenever it likes, even out of turn.
Deals are scored and the next one dealt inside `apply`, so `new_game` plus the moves
rebuilds every state. The state is a JSON-ready dict; `apply` never changes its input.
"""

import json

from engine.base import GameInfo, IllegalMove, Move, State
from engine.cards import face, is_card, rank_of
from engine.common import (
    active_seats,
    check_seat,
    check_setup,
    check_shape,
    common_view,
    held_cards,
    next_seat,
    next_state,
    one_to_act,
    resign,
    stored_result,
)
from engine.countries import COUNTRIES
from engine.rng import shuffled

from .cards import (
    DECK,
    HAND_SIZE,
    deal_breakdown,
    deck,
    faces,
    groups_of,
    is_capture,
    sort_hand,
    splits_into,
    value,
)
from .questions import CHOICES, make_questions

TARGET = 21
OPTION_RANGES: dict[str, tuple[int, int | None]] = {}  # both options are on/off switches
_SWITCHES = ("sweeps", "trivia_points")
_FIELDS = {  # move type: (needed fields, optional fields)
    "capture": ({"card"}, {"loose", "builds"}),
    "build": ({"card", "value"}, {"loose", "build"}),
    "trail": ({"card"}, set()),
    "ask": ({"questions"}, set()),
    "answer": ({"question", "choice"}, set()),
    "resign": (set(), set()),
}
_PLAYS = ("capture", "build", "trail")
_WORDS = dict(enumerate("zero one two three four five six seven eight nine ten".split()))


class CasinoRules:
    # Trivia scores unless the host turns it off: a question put should count (decision 0043).
    info = GameInfo("casino", "Casino", 2, 4, 4, {"sweeps": False, "trivia_points": True})

    def new_game(self, players: int, options: dict, seed: int) -> State:
        check_setup(self.info, players, options, OPTION_RANGES)
        for name in _SWITCHES:
            if not isinstance(options.get(name, False), bool):
                raise ValueError(f"{name} must be true or false")
        state = {
            "seed": seed,
            "players": players,
            "options": {**self.info.default_options, **options},
            "dealer": 0,
            "scores": [0] * players,
            "deals": [],
            "questions": make_questions(seed),
            "asked": [],
            "out": [],
            "result": None,
            "moves": 0,
        }
        _deal(state, 1)
        return state

    to_act = staticmethod(one_to_act)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["phase"] == "over" or seat in state["out"] or seat not in range(state["players"]):
            return []
        moves = [
            {"type": "answer", "question": record["id"], "choice": choice}
            for record in pending_questions(state, seat)
            for choice in range(CHOICES)
        ]
        if seat != state["turn"]:
            return moves
        if state["phase"] == "ask":
            return moves + _ask_moves(state, seat)
        return moves + _play_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        kind = check_shape(move, _FIELDS)
        check_seat(state, seat)
        if kind == "resign":
            return resign(state, seat, _finish, _pass_turn)
        if kind == "answer":
            return _answer(state, seat, move)
        if seat != state["turn"]:
            raise IllegalMove("It is not your turn.")
        if kind == "ask":
            if state["phase"] != "ask":
                raise IllegalMove("You may put questions only right after a capture.")
            return _ask(state, seat, move)
        if state["phase"] == "ask":
            raise IllegalMove("Put your questions to your opponents first (or ask nothing).")
        return _HANDLERS[kind](state, seat, move)

    def view(self, state: State, seat: int | None) -> dict:
        view = common_view(self.info, state, seat, sort_hand)
        view.update(
            dealer=state["dealer"],
            deal=state["deal"],
            stock_size=len(state["stock"]),
            table=_copied(state["table"]),
            piles=[list(pile) for pile in state["piles"]],
            pile_sizes=[len(pile) for pile in state["piles"]],
            sweeps=list(state["sweeps"]),
            last_capturer=state["last_capturer"],
            just_captured=list(state["just_captured"]),
            askable=_askable_cards(state) if state["phase"] == "ask" else [],
            scores=list(state["scores"]),
            trivia_right=list(state["trivia_right"]),  # this deal's, so the page can itemise them
            target=TARGET,
            deals=_copied(state["deals"]),
            asked=[_public_question(state, record) for record in state["asked"]],
            card_countries=_card_countries(state, seat),
        )
        return view

    result = staticmethod(stored_result)

    def describe(self, state: State, seat: int, move: Move, after: State | None = None) -> str:
        after = self.apply(state, seat, move) if after is None else after
        kind = move["type"]
        if kind in _PLAYS:
            text = _play_sentence(state, move)
            if kind == "capture" and state["options"]["sweeps"] and _clears_table(state, move):
                text += " A sweep!"
        elif kind == "ask":
            asked = after["asked"][len(state["asked"]) :]
            if asked:
                names = ", ".join(f"{{seat:{record['to']}}} about {face(record['card'])}" for record in asked)
                text = f"{{player}} put questions to {names}."
            else:
                text = "{player} asked no question."
        elif kind == "answer":
            record = next(r for r in after["asked"] if r["id"] == move["question"])
            country = COUNTRIES[state["questions"][record["card"]]["country"]].name
            verdict = "right" if record["right"] else "wrong"
            text = f"{{player}} answered the capital of {country}: {verdict}."
        else:
            text = "{player} resigned."
        return text + _aftermath(state, after)


RULES = CasinoRules()


def all_cards(state: State) -> list[str]:
    """Every card of the game, wherever it is: hands (resigned seats' too), the stock,
    the table (loose and in builds) and the captured piles."""
    table = state["table"]["loose"] + [card for build in state["table"]["builds"] for card in build["cards"]]
    return held_cards(state) + state["stock"] + table + [card for pile in state["piles"] for card in pile]


def pending_questions(state: State, seat: int) -> list[dict]:
    """The questions put to `seat` that it has not answered yet."""
    if state["phase"] == "over":
        return []
    return [record for record in state["asked"] if record["to"] == seat and record["choice"] is None]


def owned_builds(state: State, seat: int) -> list[dict]:
    return [build for build in state["table"]["builds"] if build["owner"] == seat]


# ---------------------------------------------------------------- labels


def play_label(move: Move, state: State | None = None) -> str:
    """A short name for a play: "Capture 5♠ 4♦ 9♣", "Build 8", "Raise to 9", "Trail".
    Pass the state to show a captured build by its cards and to tell a raise from an
    addition to a build (without it, both read "Build N")."""
    kind = move["type"]
    if kind == "capture":
        taken = [face(card) for card in move.get("loose", [])]
        for build_id in move.get("builds", []):
            build = _build_by_id(state, build_id) if state is not None else None
            taken += [faces(build["cards"])] if build else [f"build {build_id}"]
        return "Capture " + " ".join(taken)
    if kind == "build":
        target = _build_by_id(state, move.get("build")) if state is not None else None
        if target is not None and move["value"] > target["value"]:
            return f"Raise to {move['value']}"
        return f"Build {move['value']}"
    return "Trail"


def selection_plays(state: State, seat: int, card: str, picked: list[str]) -> tuple[list[Move], str | None]:
    """Every legal play with exactly `card` and exactly the table items `picked` (loose
    card ids and build ids): the capture, a build for each value, a raise, the trail when
    nothing is picked. When there is none, a plain reason why."""
    if state["phase"] == "over" or seat != state["turn"]:
        return [], "It is not your turn."
    if state["phase"] == "ask":
        return [], "Put your questions to your opponents first (or ask nothing)."
    if card not in state["hands"][seat]:
        return [], "Pick a card from your hand."
    loose = [item for item in picked if item in state["table"]["loose"]]
    builds = [build for build in state["table"]["builds"] if build["id"] in picked]
    if len(loose) + len(builds) != len(picked) or len(set(picked)) != len(picked):
        return [], "Pick cards and builds that are on the table, each once."
    ids = [build["id"] for build in builds]
    capture = {"type": "capture", "card": card, "loose": loose, "builds": ids}
    mine = value(card)
    if not picked:
        candidates = [{"type": "trail", "card": card}]
    elif mine is None or len(builds) > 1:
        candidates = [capture]
    elif builds:
        target = builds[0]
        add = _build_move(card, loose, target["id"], target["value"])
        raise_to = _build_move(card, loose, target["id"], target["value"] + mine)
        first = capture if mine == target["value"] else raise_to if not loose else add
        candidates = [first] + [move for move in (capture, add, raise_to) if move is not first]
    else:
        total = mine + sum(value(c) or 0 for c in loose)
        news = [_build_move(card, loose, None, n) for n in range(10, 0, -1)]
        single = [move for move in news if move["value"] == total]
        takes = all(value(c) is not None for c in loose) and sum(value(c) for c in loose) % mine == 0
        candidates = [capture] + news if takes or not single else single + [capture] + news
    plays, reasons = [], []
    for move in [move for k, move in enumerate(candidates) if move not in candidates[:k]]:
        try:
            _HANDLERS[move["type"]](state, seat, move)
        except IllegalMove as refused:
            reasons.append(refused.reason)
        else:
            plays.append(move)
    plays.sort(key=lambda move: ("capture", "build", "trail").index(move["type"]))
    return plays, None if plays else reasons[0]


# ---------------------------------------------------------------- plays


def _played(state: State, seat: int, move: Move) -> str:
    card = move["card"]
    if not isinstance(card, str) or card not in DECK:
        raise IllegalMove(f"'card' must be a card id such as \"10D\", not {card!r}.")
    if card not in state["hands"][seat]:
        raise IllegalMove(f"You do not hold the {face(card)}.")
    return card


def _table_items(state: State, move: Move) -> tuple[list[str], list[dict]]:
    """The loose cards and builds a play names, once each is on the table, once."""
    loose = move.get("loose", [])
    if not isinstance(loose, list) or len(set(map(str, loose))) != len(loose):
        raise IllegalMove("'loose' must be a list of distinct table cards.")
    for card in loose:
        if card not in state["table"]["loose"]:
            raise IllegalMove(f"There is no loose {face(card) if is_card(card) else repr(card)} on the table.")
    names = move.get("builds", [])
    if "build" in move and move["build"] is not None:
        names = [move["build"]]
    if not isinstance(names, list) or len(set(map(str, names))) != len(names):
        raise IllegalMove("'builds' must be a list of distinct build ids.")
    builds = []
    for name in names:
        build = _build_by_id(state, name)
        if build is None:
            raise IllegalMove(f"There is no build {name!r} on the table.")
        builds.append(build)
    return list(loose), builds


def _build_by_id(state: State, build_id: object) -> dict | None:
    return next((build for build in state["table"]["builds"] if build["id"] == build_id), None)


def _capture(state: State, seat: int, move: Move) -> State:
    card = _played(state, seat, move)
    loose, builds = _table_items(state, move)
    problem = capture_problem(card, loose, builds)
    if problem:
        raise IllegalMove(problem)
    new = _after_play(state, seat, card)
    taken_ids = {build["id"] for build in builds}
    table = new["table"]
    table["loose"] = [c for c in table["loose"] if c not in loose]
    table["builds"] = [build for build in table["builds"] if build["id"] not in taken_ids]
    _check_owned_builds(new, seat)
    captured = loose + [c for build in builds for c in build["cards"]]
    new["piles"][seat] = state["piles"][seat] + captured + [card]
    new["last_capturer"] = seat
    if not table["loose"] and not table["builds"]:
        new["sweeps"] = list(state["sweeps"])
        new["sweeps"][seat] += 1
    new["just_captured"] = captured
    if _ask_moves(new, seat) != [{"type": "ask", "questions": {}}]:
        new["phase"] = "ask"
    else:
        _pass_turn(new)
    return new


def capture_problem(card: str, loose: list[str], builds: list[dict]) -> str | None:
    """Why `card` may not take exactly these loose cards and builds (None if it may)."""
    if not loose and not builds:
        return "Pick the table cards to capture."
    mine = value(card)
    if mine is None:
        name = {"J": "jack", "Q": "queen", "K": "king"}[rank_of(card)]
        if builds or len(loose) != 1:
            return f"A {name} only takes one {name}, and never a build."
        if rank_of(loose[0]) != rank_of(card):
            return f"A {name} only takes a {name}."
        return None
    for build in builds:
        if build["value"] != mine:
            return f"The {face(card)} cannot take a build of {build['value']}: a build is taken whole, by its value."
    if loose and not is_capture(card, loose):
        if any(value(c) is None for c in loose):
            return "J, Q and K are taken only by pairing, one at a time."
        return f"Those cards do not split into groups of {mine} (or pairs of {face(card)})."
    return None


def _build(state: State, seat: int, move: Move) -> State:
    card = _played(state, seat, move)
    loose, builds = _table_items(state, move)
    target = builds[0] if builds else None
    total = move["value"]
    problem = build_problem(state, seat, card, loose, target, total)
    if problem:
        raise IllegalMove(problem)
    new = _after_play(state, seat, card)
    table = new["table"]
    table["loose"] = [c for c in table["loose"] if c not in loose]
    cards = [card] + loose
    if target is None:
        build = {
            "id": f"b{state['next_build']}",
            "cards": cards,
            "value": total,
            "owner": seat,
            "multiple": len(cards) > 1 and sum(map(value, cards)) > total,
        }
        new["next_build"] = state["next_build"] + 1
        table["builds"] = table["builds"] + [build]
    else:
        multiple = target["multiple"] or total == target["value"]
        grown = {**target, "cards": target["cards"] + cards, "value": total, "owner": seat, "multiple": multiple}
        table["builds"] = [grown if b["id"] == target["id"] else b for b in table["builds"]]
    _check_owned_builds(new, seat)
    _pass_turn(new)
    return new


def build_problem(
    state: State, seat: int, card: str, loose: list[str], target: dict | None, total: object
) -> str | None:
    """Why `card` (with these loose cards, onto `target` or as a new build) may not make a
    build of `total` (None if it may)."""
    if type(total) is not int or not 1 <= total <= 10:
        return "A build is worth 1 to 10."
    mine = value(card)
    if mine is None or any(value(c) is None for c in loose):
        return "J, Q and K never go into a build."
    rest = list(state["hands"][seat])
    rest.remove(card)
    if not any(value(c) == total for c in rest):
        return f"You hold no {total} to build {_WORDS[total]} with."
    values = [mine] + [value(c) for c in loose]
    if target is None:
        if not loose:
            return "Build with table cards: pick the loose cards to build on."
        if not splits_into(values, total):
            return f"Those cards do not make {total} (or groups of {total})."
        return None
    if total == target["value"]:
        if not splits_into(values, total):
            return f"To add to a build of {total}, add cards making {total}."
        return None
    if target["multiple"]:
        return "A multiple build cannot be raised."
    if loose:
        return "Raise a build with the card from your hand alone."
    if total != target["value"] + mine:
        return f"The {face(card)} on a build of {target['value']} makes {target['value'] + mine}, not {total}."
    return None


def _trail(state: State, seat: int, move: Move) -> State:
    card = _played(state, seat, move)
    if owned_builds(state, seat):
        raise IllegalMove("You own a build: you cannot trail.")
    new = _after_play(state, seat, card)
    new["table"]["loose"] = new["table"]["loose"] + [card]
    _pass_turn(new)
    return new


_HANDLERS = {"capture": _capture, "build": _build, "trail": _trail}


def _after_play(state: State, seat: int, card: str) -> State:
    """A copy with the card out of the hand and a table (lists) of its own to change."""
    new = next_state(state)
    new["hands"][seat] = [c for c in state["hands"][seat] if c != card]
    new["table"] = {"loose": list(state["table"]["loose"]), "builds": list(state["table"]["builds"])}
    new["piles"] = list(state["piles"])
    return new


def _check_owned_builds(new: State, seat: int) -> None:
    """A seat that owns a build must keep a card of its value: its last one may only take it."""
    for build in owned_builds(new, seat):
        if not any(value(c) == build["value"] for c in new["hands"][seat]):
            raise IllegalMove(f"You own a build of {build['value']}: your last card of that value may only capture it.")


# ---------------------------------------------------------------- questions


def _ask(state: State, seat: int, move: Move) -> State:
    questions = move["questions"]
    if not isinstance(questions, dict):
        raise IllegalMove('\'questions\' maps an opponent\'s seat to a captured card: {"1": "9C"}.')
    opponents = {str(other) for other in active_seats(state) if other != seat}
    askable = _askable_cards(state)
    cards = list(questions.values())
    for target, card in questions.items():
        if target not in opponents:
            raise IllegalMove(f"Seat {target!r} is not an opponent still in the game.")
        if card not in askable:
            raise IllegalMove(f"{card!r} is not a card you just captured whose question is still unasked.")
    if len(set(cards)) != len(cards):  # every card is one of `askable`'s strings by now
        raise IllegalMove("Ask each card's question once.")
    new = next_state(state)
    records = [
        {
            "id": f"q{len(state['asked']) + k + 1}",
            "card": card,
            "by": seat,
            "to": int(target),
            "deal": state["deal"],
            "choice": None,
            "right": None,
        }
        for k, (target, card) in enumerate(sorted(questions.items(), key=lambda item: int(item[0])))
    ]
    new["asked"] = state["asked"] + records
    _pass_turn(new)
    return new


def _askable_cards(state: State) -> list[str]:
    asked = {record["card"] for record in state["asked"]}
    return [card for card in state["just_captured"] if card not in asked]


def _answer(state: State, seat: int, move: Move) -> State:
    record = next((r for r in state["asked"] if r["id"] == move["question"]), None)
    if record is None or record["to"] != seat:
        raise IllegalMove("There is no such question for you.")
    if record["choice"] is not None:
        raise IllegalMove("You have answered that question already.")
    choice = move["choice"]
    if type(choice) is not int or choice not in range(CHOICES):
        raise IllegalMove(f"'choice' is the number of one of the {CHOICES} answers, 0 to {CHOICES - 1}.")
    new = next_state(state)
    right = choice == state["questions"][record["card"]]["answer"]
    new["asked"] = [{**r, "choice": choice, "right": right} if r is record else r for r in state["asked"]]
    if right:
        new["trivia_right"] = list(state["trivia_right"])
        new["trivia_right"][seat] += 1
        if state["options"]["trivia_points"]:
            new["scores"] = list(state["scores"])
            new["scores"][seat] += 1
    return new


def _public_question(state: State, record: dict) -> dict:
    """An asked question as the table sees it: the correct choice only once answered, and
    its card only in its own deal (card ids come back in the next deals, where the same
    card may be in a hand or the stock) or once the game is over."""
    question = state["questions"][record["card"]]
    shown = {
        **record,
        "card": record["card"] if record["deal"] == state["deal"] or state["phase"] == "over" else None,
        "country": COUNTRIES[question["country"]].name,
        "flag": COUNTRIES[question["country"]].flag,
        "choices": list(question["choices"]),
        "answer": None,
    }
    if record["choice"] is not None:
        shown["answer"] = question["answer"]
    return shown


def _copied(data: object) -> object:
    """A deep copy of JSON data (faster than copy.deepcopy)."""
    return json.loads(json.dumps(data))


def _card_countries(state: State, seat: int | None) -> dict[str, str]:
    """The country on each card this seat can see: its hand, the table, the captured piles."""
    seen = state["table"]["loose"] + [c for build in state["table"]["builds"] for c in build["cards"]]
    seen += [c for pile in state["piles"] for c in pile]
    if seat is not None:
        seen += state["hands"][seat]
    if state["phase"] == "over":
        seen = deck()
    return {card: COUNTRIES[state["questions"][card]["country"]].name for card in seen}


# ---------------------------------------------------------------- turn and deal flow


def _pass_turn(new: State) -> None:
    """The next seat still in plays; when every hand is empty, 4 more cards each, or the
    end of the deal once the stock is gone too."""
    new["phase"] = "play"
    new["just_captured"] = []
    if any(new["hands"][seat] for seat in active_seats(new)):
        new["turn"] = next_seat(new, new["turn"])
    elif new["stock"]:
        _deal_hands(new)
        new["turn"] = next_seat(new, new["turn"])
    else:
        _end_deal(new)


def _deal(state: State, number: int) -> None:
    """Deal `number`: a fresh shuffle of the 52 cards, 4 to each seat still in and 4 face
    up to the table; the seat after the dealer plays first."""
    cards = shuffled(deck(), state["seed"], f"deal{number}")
    players = state["players"]
    state.update(
        deal=number,
        hands=[[] for _ in range(players)],
        out_hands={},
        table={"loose": cards[:HAND_SIZE], "builds": []},
        stock=cards[HAND_SIZE:],
        piles=[[] for _ in range(players)],
        sweeps=[0] * players,
        trivia_right=[0] * players,
        last_capturer=None,
        just_captured=[],
        next_build=1,
        phase="play",
    )
    _deal_hands(state)
    state["turn"] = next_seat(state, state["dealer"])


def _deal_hands(state: State) -> None:
    """Up to 4 cards to each seat still in, one at a time from the seat after the dealer."""
    seats = active_seats(state)
    first = next_seat(state, state["dealer"])
    seats.sort(key=lambda seat: (seat - first) % state["players"])
    stock = list(state["stock"])
    hands = list(state["hands"])
    for _ in range(HAND_SIZE):
        for seat in seats:
            if stock:
                hands[seat] = hands[seat] + [stock.pop(0)]
    state["hands"], state["stock"] = hands, stock


def _end_deal(new: State) -> None:
    """The last capturer takes the table; the deal is scored; the game ends if a seat
    has 21 or more and the single highest total, else the next dealer deals."""
    table = new["table"]
    left = table["loose"] + [c for build in table["builds"] for c in build["cards"]]
    taker = new["last_capturer"]
    if taker is not None:
        new["piles"] = list(new["piles"])
        new["piles"][taker] = new["piles"][taker] + left
        new["table"] = {"loose": [], "builds": []}
    breakdown = deal_breakdown(new["piles"], new["sweeps"] if new["options"]["sweeps"] else None)
    points = [sum(row.values()) for row in breakdown]
    new["scores"] = [score + gained for score, gained in zip(new["scores"], points)]
    new["deals"] = new["deals"] + [
        {
            "number": new["deal"],
            "dealer": new["dealer"],
            "cards": [len(pile) for pile in new["piles"]],
            "spades": [sum(c.endswith("S") for c in pile) for pile in new["piles"]],
            "points": points,
            "breakdown": breakdown,
            "trivia": list(new["trivia_right"]),
            "last_capturer": taker,
            "table_left": len(left),
            "totals": list(new["scores"]),
        }
    ]
    still_in = active_seats(new)
    best = max(new["scores"][seat] for seat in still_in)
    leaders = [seat for seat in still_in if new["scores"][seat] == best]
    if best >= TARGET and len(leaders) == 1:
        _finish(new, leaders, "target")
    else:
        new["dealer"] = next_seat(new, new["dealer"])
        _deal(new, new["deal"] + 1)


def _finish(new: State, winners: list[int], reason: str) -> None:
    new["phase"] = "over"
    new["just_captured"] = []
    new["result"] = {
        "winners": winners,
        "scores": list(new["scores"]),
        "reason": reason,
        "deals": len(new["deals"]),
        "trivia": trivia_stats(new),
    }


def trivia_stats(state: State) -> list[dict[str, int]]:
    """Per seat: questions put to it, answered, answered right, left unanswered."""
    stats = []
    for seat in range(state["players"]):
        mine = [record for record in state["asked"] if record["to"] == seat]
        answered = [record for record in mine if record["choice"] is not None]
        stats.append(
            {
                "asked": len(mine),
                "answered": len(answered),
                "right": sum(bool(record["right"]) for record in answered),
                "unanswered": len(mine) - len(answered),
            }
        )
    return stats


def _clears_table(state: State, move: Move) -> bool:
    table = state["table"]
    return len(move.get("loose", [])) + len(move.get("builds", [])) == len(table["loose"]) + len(table["builds"])


def _play_sentence(state: State, move: Move) -> str:
    kind, card = move["type"], face(move["card"])
    if kind == "capture":
        return "{player} captured " + play_label(move, state).removeprefix("Capture ") + f" with the {card}."
    if kind == "trail":
        return f"{{player}} trailed the {card}."
    label = play_label(move, state)
    added = f" and {faces(move['loose'])}" if move.get("loose") else ""
    if label.startswith("Raise"):
        return f"{{player}} raised a build to {move['value']} with the {card}."
    onto = " onto a build" if move.get("build") is not None else ""
    return f"{{player}} built {move['value']} with the {card}{added}{onto}."


def _aftermath(before: State, after: State) -> str:
    text = ""
    if len(after["deals"]) > len(before["deals"]):
        summary = after["deals"][-1]
        text = f" Deal {summary['number']} is over."
    if after["phase"] == "over":
        text += " The game is over."
    return text


# ---------------------------------------------------------------- legal move lists


def _ask_moves(state: State, seat: int) -> list[Move]:
    """Asking nothing; one card's question to each opponent (seat order, cards in the
    order captured); and each single question."""
    cards = _askable_cards(state)
    opponents = [other for other in active_seats(state) if other != seat]
    moves: list[Move] = [{"type": "ask", "questions": {}}]
    if not cards or not opponents:
        return moves
    everyone = {str(other): card for other, card in zip(opponents, cards)}
    moves.append({"type": "ask", "questions": everyone})
    if len(everyone) > 1:
        moves += [{"type": "ask", "questions": {str(other): card}} for other in opponents for card in cards]
    return moves


def _play_moves(state: State, seat: int) -> list[Move]:
    """For each card: the capture taking the most (every build of its value and as many
    loose cards as group to it), for each value the seat can hold a build to, the build
    or raise taking the most loose cards, and the trail. Other captures and builds are
    checked by `apply`."""
    hand = state["hands"][seat]
    moves = []
    for card in sort_hand(hand):
        candidates = [_widest_capture(state, card)]
        candidates += _builds_with(state, seat, card)
        candidates.append({"type": "trail", "card": card})
        for move in candidates:
            if move is not None and _allowed(state, seat, move):
                moves.append(move)
    return moves


def _allowed(state: State, seat: int, move: Move) -> bool:
    try:
        _HANDLERS[move["type"]](state, seat, move)
    except IllegalMove:
        return False
    return True


def _widest_capture(state: State, card: str) -> Move | None:
    table = state["table"]
    mine = value(card)
    if mine is None:
        loose = [c for c in table["loose"] if rank_of(c) == rank_of(card)][:1]
        builds = []
    else:
        numbers = [c for c in table["loose"] if value(c) is not None]
        loose = [c for group in groups_of(numbers, mine) for c in group]
        builds = [build["id"] for build in table["builds"] if build["value"] == mine]
    if not loose and not builds:
        return None
    return {"type": "capture", "card": card, "loose": loose, "builds": builds}


def _builds_with(state: State, seat: int, card: str) -> list[Move]:
    mine = value(card)
    if mine is None:
        return []
    rest = list(state["hands"][seat])
    rest.remove(card)
    targets = sorted({value(c) for c in rest if value(c) is not None})
    numbers = [c for c in state["table"]["loose"] if value(c) is not None]
    moves = []
    for total in targets:
        for build in state["table"]["builds"]:
            if build["value"] == total:
                moves.append(_build_move(card, _partners(numbers, total, mine, alone=True), build["id"], total))
            elif not build["multiple"] and build["value"] + mine == total:
                moves.append(_build_move(card, [], build["id"], total))
        partners = _partners(numbers, total, mine, alone=False)
        if partners:
            moves.append(_build_move(card, partners, None, total))
    return moves


def _partners(numbers: list[str], total: int, mine: int, alone: bool) -> list[str]:
    """The most loose cards a card of value `mine` can build `total` with: its own group
    (the card plus cards making up the rest) and further groups of `total`. With `alone`,
    the card may make a group by itself (when adding to a build of `total`)."""
    best: list[str] = []
    if mine == total:  # the card is a group of its own; a new build needs one more
        return [c for group in groups_of(numbers, total) for c in group]
    if mine > total:
        return []
    for first in _groups_making(numbers, total - mine):
        left = [c for c in numbers if c not in first]
        found = first + [c for group in groups_of(left, total) for c in group]
        if len(found) > len(best):
            best = found
    return best


def _groups_making(numbers: list[str], total: int) -> list[list[str]]:
    """A few ways to make `total` from these cards: each single card or pair that does,
    and the widest group."""
    ways = [[c] for c in numbers if value(c) == total]
    ways += [[a, b] for k, a in enumerate(numbers) for b in numbers[k + 1 :] if value(a) + value(b) == total]
    ways += [group for group in groups_of(numbers, total) if len(group) > 2][:1]
    return ways


def _build_move(card: str, loose: list[str], build: str | None, total: int) -> Move:
    return {"type": "build", "card": card, "loose": loose, "build": build, "value": total}
