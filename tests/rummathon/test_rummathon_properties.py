"""Random legal Rummathon games (2-6 players, every variant, resignations): what must
hold after every move."""

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import IllegalMove
from games.rummathon.engine import RULES, VARIANTS, all_cards, deck
from games.rummathon.engine.bots import BOTS

CARD_ID = re.compile(r'"((?:[RYGB](?:1[0-2]|[1-9]))|FLEX|BYPASS|BURDEN|DOUBLE_BURDEN|BLOCK|SABOTAGE):\d+"')
MOVES = 400  # per playout: a few rounds; whole games are the bench's and the bots' tests' business


def ids_in(view):
    return {match.group(0).strip('"') for match in CARD_ID.finditer(json.dumps(view))}


def assert_hidden_information(state):
    for seat in [None, *range(state["players"])]:
        view = RULES.view(state, seat)
        text = json.dumps(view)
        assert "seed" not in view and "deck" not in view and str(state["seed"]) not in text
        if state["phase"] == "over":
            continue
        assert "hands" not in view
        others = [cards for s, cards in enumerate(state["hands"]) if s != seat]
        secret = set(state["deck"]) | {card for cards in others for card in cards}
        secret |= {card for cards in state["out_hands"].values() for card in cards}
        assert not ids_in(view) & secret
        if seat is None:
            assert view["hand"] is None


def playout(players, variant, seed, levels, resign_at, rng):
    state = RULES.new_game(players, {"variant": variant}, seed)
    log = []
    while state["phase"] != "over" and len(log) < MOVES:
        to_act = RULES.to_act(state)
        seat = rng.choice(to_act)
        moves = RULES.legal_moves(state, seat)
        assert moves and all(m["type"] != "resign" for m in moves)
        if len(log) % 11 == 0:
            for move in moves:  # every move offered is legal
                RULES.apply(state, seat, move)
            assert_hidden_information(state)
        for other in range(players):
            if other not in to_act:
                assert RULES.legal_moves(state, other) == []
        if len(log) in resign_at and len(state["out"]) < players - 1:
            seat = rng.choice([s for s in range(players) if s not in state["out"]])
            move = {"type": "resign"}
        else:
            move = BOTS[levels[seat % len(levels)]].choose(state, seat, rng)
        before = state
        state = RULES.apply(state, seat, move)
        sentence = RULES.describe(before, seat, move)
        assert "{player}" in sentence
        assert RULES.describe(before, seat, move, after=state) == sentence
        log.append((seat, move))
        assert Counter(all_cards(state)) == Counter(deck())
        assert len(state["rounds"]) == state["round"] - 1 or state["phase"] == "over"
    return log, state


@settings(max_examples=20)
@given(
    players=st.integers(2, 6),
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(10**12, 2**63 - 1),  # long enough that its digits cannot turn up by chance
    levels=st.lists(st.sampled_from(sorted(BOTS)), min_size=1, max_size=6),
    resign_at=st.sets(st.integers(0, MOVES), max_size=2),
    bot_seed=st.integers(0, 2**32),
)
def test_random_legal_games_conserve_cards_replay_and_hide_what_they_must(
    players, variant, seed, levels, resign_at, bot_seed
):
    log, final = playout(players, variant, seed, levels, resign_at, random.Random(bot_seed))
    replayed = RULES.new_game(players, {"variant": variant}, seed)
    for seat, move in log:
        replayed = RULES.apply(json.loads(json.dumps(replayed)), seat, move)
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    if final["phase"] == "over":
        result = RULES.result(final)
        still_in = [s for s in range(players) if s not in final["out"]]
        assert set(result["winners"]) <= set(still_in)


@settings(max_examples=20)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**63 - 1))
def test_new_game_is_deterministic_and_deals_every_card_once(players, seed):
    state = RULES.new_game(players, {}, seed)
    assert state == RULES.new_game(players, {}, seed)
    assert Counter(all_cards(state)) == Counter(deck())
    assert [len(hand) for hand in state["hands"]] == [12] * players and len(state["discard"]) == 1
    assert len(set(state["rule_card"])) == players


SCALARS = st.none() | st.booleans() | st.integers(-3, 200) | st.sampled_from(["R3:0", "FLEX:0", "BLOCK:1", "set", "x"])
KEYS = st.sampled_from(["kind", "cards", "seat", "group", "type"])
JUNK = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=3), max_leaves=8
)
FIELDS = st.sampled_from(["count", "depth", "lay", "hit", "groups", "seat", "group", "cards", "end", "card", "target"])


@settings(max_examples=300)
@given(
    kind=st.sampled_from(["buy", "declare", "draw", "take", "lay", "hit", "action", "discard", "nonsense"]),
    fields=st.dictionaries(FIELDS, JUNK, max_size=3),
    drawn=st.booleans(),
    seat=st.integers(0, 2),
)
def test_forged_moves_are_refused_cleanly_and_change_nothing(kind, fields, drawn, seat):
    state = RULES.new_game(3, {}, 10**15)
    state["drawn"] = drawn
    before = json.dumps(state, sort_keys=True)
    try:
        RULES.apply(state, seat, {"type": kind, **fields})
    except IllegalMove as refused:
        assert refused.reason
    assert json.dumps(state, sort_keys=True) == before
