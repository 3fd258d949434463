"""Random legal playouts of Capitalla: what must hold after every move."""

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import get_bot
from games.capitalla.engine import CARDS, RULES

MAX_MOVES = 600  # long enough for wanderers to reach a reshuffle and a drawn deal
DECK = Counter(CARDS.keys())


def all_cards(state):
    piles = state["hands"] + list(state["out_hands"].values()) + [state["draw"], state["discard"]]
    return Counter(card for pile in piles for card in pile)


def ids_in(view):
    return set(re.findall(r'"([A-Z]{3})"', json.dumps(view)))


def public_cards(state):
    """Cards everyone saw on the discard pile's top as a seat picked: taken into its hand
    or passed over (since reshuffled into the draw pile, maybe)."""
    return {card for kind in ("taken", "refused") for cards in state[kind] for card in cards}


def assert_hidden_information(state):
    for seat in [None, *range(state["players"])]:
        view = RULES.view(state, seat)
        secret = set(state["draw"])
        if state["phase"] != "over":
            others = [cards for s, cards in enumerate(state["hands"]) if s != seat]
            held = others + list(state["out_hands"].values())
            secret |= {card for cards in held for card in cards}
            assert "hands" not in view
        assert not ids_in(view) & (secret - public_cards(state))
        assert "seed" not in view and "draw" not in view
        if seat is None:
            assert view["hand"] is None


def wander(state, seat, rng):
    """A player who never declares and always draws from the pile: the piles run out."""
    moves = [m for m in RULES.legal_moves(state, seat) if m["type"] != "declare"]
    return rng.choice([m for m in moves if m.get("from") != "discard"])


def choose(level, state, seat, rng):
    if level == "wander":
        return wander(state, seat, rng)
    return get_bot("capitalla", level).choose(state, seat, rng)


def playout(players, seed, levels, resign_at, rng):
    """Play with bots (a seat resigning now and then); check the state after each move."""
    state = RULES.new_game(players, {"max_reshuffles": 1}, seed)
    log = []
    while state["phase"] != "over" and len(log) < MAX_MOVES:
        for seat in RULES.to_act(state):
            moves = RULES.legal_moves(state, seat)
            assert moves
            for move in moves:
                RULES.apply(state, seat, move)
        if len(log) in resign_at:
            seat = rng.choice([s for s in range(players) if s not in state["out"]])
            move = {"type": "resign"}
        else:
            seat = RULES.to_act(state)[0]
            move = choose(levels[seat % len(levels)], state, seat, rng)
        state = RULES.apply(state, seat, move)
        log.append((seat, move))
        assert all_cards(state) == DECK
        assert_hidden_information(state)
    return log, state


@settings(max_examples=40)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
    levels=st.lists(st.sampled_from(["random", "easy", "normal", "wander"]), min_size=1, max_size=6),
    resign_at=st.sets(st.integers(0, MAX_MOVES), max_size=3),
    bot_seed=st.integers(0, 2**32),
)
def test_random_playouts_keep_every_rule(players, seed, levels, resign_at, bot_seed):
    log, final = playout(players, seed, levels, resign_at, random.Random(bot_seed))
    replayed = RULES.new_game(players, {"max_reshuffles": 1}, seed)
    for seat, move in log:
        replayed = RULES.apply(json.loads(json.dumps(replayed)), seat, move)
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    if final["phase"] == "over":
        result = RULES.result(final)
        assert sum(result["scores"]) == len(result["winners"]) <= 1
    else:
        assert RULES.result(final) is None


@settings(max_examples=30)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**63 - 1))
def test_new_game_is_deterministic(players, seed):
    assert RULES.new_game(players, {}, seed) == RULES.new_game(players, {}, seed)
    assert all_cards(RULES.new_game(players, {}, seed)) == DECK
