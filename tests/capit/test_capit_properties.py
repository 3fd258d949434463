"""Random legal Cap-It games between bots (4-6 players): what must hold after every move."""

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import get_bot
from games.capit.engine import RULES, arrange, deck, is_natural, is_wild, parse

CARD_ID = re.compile(r'"((?:[2-9]|10|[JQKA])[SHDC]:\d+|JK:\d+)"')
# Long enough for five rounds of random bots; the normal ones need far fewer.
MAX_MOVES = 4000


def all_cards(state):
    piles = state["hands"] + list(state["out_hands"].values()) + [state["stock"], state["discard"]]
    piles += [meld["cards"] for meld in state["melds"]]
    return Counter(card for pile in piles for card in pile)


def ids_in(view):
    return set(CARD_ID.findall(json.dumps(view)))


def assert_hidden_information(state):
    freed = {entry["card"] for entry in state["must_use"]}  # everyone saw it leave the table
    for seat in [None, *range(state["players"])]:
        view = RULES.view(state, seat)
        assert "seed" not in view and "stock" not in view
        if state["phase"] == "over":
            continue
        assert "hands" not in view
        others = [cards for s, cards in enumerate(state["hands"]) if s != seat]
        secret = set(state["stock"]) | {card for cards in others for card in cards} - freed
        secret |= {card for cards in state["out_hands"].values() for card in cards}
        assert not ids_in(view) & secret
        if seat is None:
            assert view["hand"] is None


def assert_table_melds_are_sound(state):
    for meld in state["melds"]:
        cards, slots = meld["cards"], meld["as"]
        arrange(cards, meld["kind"])
        assert any(is_natural(card, slot) for card, slot in zip(cards, slots))
        for card, slot in zip(cards, slots):
            assert is_natural(card, slot) or is_wild(card)
        if meld["kind"] == "set":
            assert len(set(slots)) == 1
        else:
            values = [parse(slot)[0] for slot in slots]
            assert len({slot[-1] for slot in slots}) == 1
            assert values == list(range(values[0], values[0] + len(values))) and values[-1] <= 14


def playout(players, seed, levels, resign_at, rng, check_every):
    state = RULES.new_game(players, {}, seed)
    log = []
    while state["phase"] != "over" and len(log) < MAX_MOVES:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        assert moves and all(m["type"] != "resign" for m in moves)
        if len(log) % check_every == 0:
            for move in moves:
                RULES.apply(state, seat, move)
            assert_hidden_information(state)
            assert_table_melds_are_sound(state)
        for other in range(players):
            if other != seat:
                assert RULES.legal_moves(state, other) == []
        if len(log) in resign_at and len(state["out"]) < players - 1:
            seat = rng.choice([s for s in range(players) if s not in state["out"]])
            move = {"type": "resign"}
        else:
            move = get_bot("capit", levels[seat % len(levels)]).choose(state, seat, rng)
        before = state
        state = RULES.apply(state, seat, move)
        sentence = RULES.describe(before, seat, move)
        assert "{player}" in sentence
        assert RULES.describe(before, seat, move, after=state) == sentence  # the services' shortcut
        log.append((seat, move))
        assert all_cards(state) == Counter(deck(players))
        if state["phase"] != "over":
            assert all(entry["card"] in state["hands"][state["turn"]] for entry in state["must_use"])
        if state["phase"] != "over":
            assert len(state["rounds"]) == len(state["scores"]) == state["round"] - 1
    return log, state


@settings(max_examples=25)
@given(
    players=st.integers(4, 6),
    seed=st.integers(0, 2**63 - 1),
    levels=st.lists(st.sampled_from(["random", "easy", "normal"]), min_size=1, max_size=6),
    resign_at=st.sets(st.integers(0, 1500), max_size=2),
    bot_seed=st.integers(0, 2**32),
)
def test_random_legal_games_keep_every_rule(players, seed, levels, resign_at, bot_seed):
    log, final = playout(players, seed, levels, resign_at, random.Random(bot_seed), check_every=7)
    assert final["phase"] == "over", "bot games always end"
    replayed = RULES.new_game(players, {}, seed)
    for seat, move in log:
        replayed = RULES.apply(json.loads(json.dumps(replayed)), seat, move)
    assert replayed == final
    assert json.loads(json.dumps(final)) == final
    result = RULES.result(final)
    still_in = [s for s in range(players) if s not in final["out"]]
    assert set(result["winners"]) <= set(still_in)
    assert result["scores"] == [sum(r[s] or 0 for r in result["rounds"]) for s in range(players)]
    if result["reason"] == "five_rounds":
        assert len(result["rounds"]) == 5
        best = min(result["scores"][s] for s in still_in)
        assert result["winners"] == [s for s in still_in if result["scores"][s] == best]
    else:
        assert result["reason"] == "last_standing" and result["winners"] == still_in
    for summary in RULES.view(final, None)["rounds"]:
        playing = [p for p in summary["points"] if p is not None]
        assert summary["winners"] == [s for s, p in enumerate(summary["points"]) if p == min(playing)]
        if summary["went_out"] is not None:
            assert summary["points"][summary["went_out"]] == 0


@settings(max_examples=20)
@given(players=st.integers(4, 6), seed=st.integers(0, 2**63 - 1))
def test_new_game_is_deterministic_and_deals_every_card_once(players, seed):
    state = RULES.new_game(players, {}, seed)
    assert state == RULES.new_game(players, {}, seed)
    assert all_cards(state) == Counter(deck(players))
    assert [len(hand) for hand in state["hands"]] == [10] * players and len(state["discard"]) == 1
