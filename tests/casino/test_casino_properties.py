"""Random legal Casino games between bots (2-4 players): what must hold after every move."""

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import IllegalMove
from games.casino.engine import RULES, all_cards, deck
from games.casino.engine.bots import BOTS

CARD_ID = re.compile(r'"((?:[2-9]|10|[JQKA])[SHDC])"')
MAX_MOVES = 3000  # far more than a game to 21 takes
DECK = Counter(deck())


def ids_in(view):
    return set(CARD_ID.findall(json.dumps(view)))


def assert_hidden_information(state):
    for seat in [None, *range(state["players"])]:
        view = RULES.view(state, seat)
        assert not {"seed", "stock", "questions"} & set(view)
        for shown, record in zip(view["asked"], state["asked"]):
            if record["choice"] is None:
                assert shown["answer"] is None and shown["right"] is None
            else:
                assert shown["answer"] == state["questions"][record["card"]]["answer"]
        if state["phase"] == "over":
            continue
        assert "hands" not in view
        others = [card for s, hand in enumerate(state["hands"]) if s != seat for card in hand]
        secret = set(state["stock"]) | set(others) | {c for hand in state["out_hands"].values() for c in hand}
        assert not ids_in(view) & secret
        assert view["stock_size"] == len(state["stock"])
        if seat is None:
            assert view["hand"] is None


def assert_builds_are_sound(state):
    for build in state["table"]["builds"]:
        assert 1 <= build["value"] <= 10
        total = sum(int(c[:-1]) if c[0] != "A" else 1 for c in build["cards"])
        assert total % build["value"] == 0
        assert build["multiple"] or total == build["value"]


def answer_someone(state, rng):
    """A pending question answered out of turn, if there is one."""
    pending = [r for r in state["asked"] if r["choice"] is None and r["to"] not in state["out"]]
    if not pending or state["phase"] == "over":
        return None
    record = rng.choice(pending)
    return record["to"], {"type": "answer", "question": record["id"], "choice": rng.randrange(4)}


def playout(players, seed, levels, options, resign_at, rng):
    state = RULES.new_game(players, options, seed)
    log = []
    while state["phase"] != "over" and len(log) < MAX_MOVES:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        assert moves and all(m["type"] != "resign" for m in moves)
        if len(log) % 7 == 0:
            for move in moves:
                RULES.apply(state, seat, move)
            assert_hidden_information(state)
        out_of_turn = answer_someone(state, rng) if rng.random() < 0.2 else None
        if len(log) in resign_at and len(state["out"]) < players - 1:
            seat, move = rng.choice([s for s in range(players) if s not in state["out"]]), {"type": "resign"}
        elif out_of_turn:
            seat, move = out_of_turn
        else:
            move = BOTS[levels[seat % len(levels)]].choose(state, seat, rng)
        before = json.dumps(state, sort_keys=True)
        new = RULES.apply(state, seat, move)
        assert json.dumps(state, sort_keys=True) == before, "apply changed its input"
        assert json.loads(json.dumps(new)) == new
        assert Counter(all_cards(new)) == DECK
        assert_builds_are_sound(new)
        log.append((seat, move))
        state = new
    return state, log


@settings(max_examples=25)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**63 - 1),
    levels=st.lists(st.sampled_from(["random", "easy", "normal"]), min_size=1, max_size=4),
    sweeps=st.booleans(),
    trivia_points=st.booleans(),
    resign_at=st.sets(st.integers(0, 400), max_size=2),
)
def test_random_legal_games(players, seed, levels, sweeps, trivia_points, resign_at):
    rng = random.Random(seed)
    options = {"sweeps": sweeps, "trivia_points": trivia_points}
    state, log = playout(players, seed, levels, options, resign_at, rng)
    assert state["phase"] == "over"
    result = RULES.result(state)
    assert result["winners"] and all(w not in state["out"] for w in result["winners"])
    if result["reason"] == "target":
        assert max(result["scores"][s] for s in range(players) if s not in state["out"]) >= 21
    # The seed and the moves rebuild the same game.
    replayed = RULES.new_game(players, options, seed)
    for seat, move in log:
        replayed = RULES.apply(replayed, seat, move)
    assert replayed == state
    assert_hidden_information(state)


KEYS = st.sampled_from(["0", "1", "2", "b1"])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(deck() + ["b1", "b2", "q1", "0", "1", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["card", "loose", "builds", "build", "value", "questions", "question", "choice"]


@settings(max_examples=200)
@given(
    kind=st.sampled_from(["capture", "build", "trail", "ask", "answer", "resign", "other"]),
    fields=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=5),
    seat=st.integers(-1, 3),
    moves_in=st.integers(0, 40),
)
def test_any_forged_move_is_refused_cleanly_or_legal(kind, fields, seat, moves_in):
    """Whatever JSON a client sends, apply answers with a new state or an IllegalMove."""
    state = RULES.new_game(3, {}, 77)
    rng = random.Random(5)
    for _ in range(moves_in):
        turn = RULES.to_act(state)[0]
        state = RULES.apply(state, turn, BOTS["normal"].choose(state, turn, rng))
    before = json.dumps(state, sort_keys=True)
    try:
        new = RULES.apply(state, seat, {"type": kind, **fields})
    except IllegalMove:
        pass
    else:
        assert Counter(all_cards(new)) == DECK
    assert json.dumps(state, sort_keys=True) == before
