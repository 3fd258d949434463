"""Rummathon bots: they finish games and play the tactics issue 22 asks for."""

import random

import pytest

from games.rummathon.engine.bots import BOTS, BUY_SLACK, play_game
from games.rummathon.engine.rules import RULES
from tests.rummathon.rummathon_tables import ids, known_cards, table

__all__ = ["known_cards"]


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_finish_a_half_game(level):
    final, _ = play_game([level] * 4, seed=3, options={"variant": "half"})
    assert final["phase"] == "over" and final["result"]["winners"]


def test_normal_bot_burdens_the_leader():
    state = table([ids("BURDEN", "B1", "B2"), ids("R1", "R2"), ids("R5", "R6")], progress=[0, 1, 4])
    move = BOTS["normal"].choose(state, 0, random.Random(1))
    assert move == {"type": "action", "card": "BURDEN:0", "target": 2}


def test_normal_bot_bypasses_the_player_closest_to_going_out():
    groups = {2: [("set", ids("R4", "Y4", "G4"), False)]}
    state = table([ids("BYPASS", "B1", "B2"), ids("R1", "R2", "R3"), ids("R5", "R6", "R7")], groups=groups)
    move = BOTS["normal"].choose(state, 0, random.Random(1))
    assert move == {"type": "action", "card": "BYPASS:0", "target": 2}


def test_normal_bot_blocks_once_others_could_hit_its_groups():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R6", "Y6", "G6"), False)]}
    state = table([ids("BLOCK", "B1", "G2"), ids("R1", "R2")], groups=groups)
    move = BOTS["normal"].choose(state, 0, random.Random(1))
    assert move == {"type": "action", "card": "BLOCK:0", "target": None}


def test_normal_bot_declares_rummathon_royale_when_it_holds_the_next_sequence():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    hand = ids("R9", "Y9", "G9", "B2", "B3", "B4", "B5", "B11")
    state = table([hand, ids("R1", "R2")], groups=groups, drawn=False)
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "declare"}
    assert BOTS["easy"].choose(state, 0, random.Random(1)) == {"type": "draw"}


def test_bots_take_the_discard_that_completes_their_sequence():
    hand = ids("R3", "Y3", "R7", "Y7", "B7", "B1")
    state = table([hand, ids("B8")], discard=ids("G3"), drawn=False)
    move = BOTS["easy"].choose(state, 0, random.Random(1))
    assert move["type"] == "take" and "G3:0" in [card for g in move["lay"] for card in g["cards"]]


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_discard_the_card_that_helps_least(level):
    state = table([ids("R3", "Y3", "B3", "R7", "Y7", "G1", "B11"), ids("B8")])
    assert BOTS[level].choose(state, 0, random.Random(1)) == {"type": "discard", "card": "B11:0"}


def test_down_bots_discard_their_costliest_card():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    state = table([ids("R2", "B11"), ids("B8")], groups=groups)
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "discard", "card": "B11:0"}


def test_lay_is_preferred_to_a_discard():
    state = table([ids("R3", "Y3", "G3", "R7", "Y7", "B7", "B1"), ids("B8")])
    move = BOTS["easy"].choose(state, 0, random.Random(1))
    assert move["type"] == "lay" and RULES.apply(state, 0, move)["down"][0] == 1


def test_normal_bot_buys_the_cards_its_sequence_needs_and_a_few_more():
    """A hand too small for its sequence never gets down, one far bigger takes long to go
    out (bench/README.md, "Bot strength"): the normal bot buys up to BUY_SLACK cards more
    than its sequence (two sets of 3 here) needs, as many as its score allows."""
    state = RULES.new_game(2, {}, 1)
    state.update(phase="buy", scores=[200, 0], bought=[None, 0])
    assert BUY_SLACK == 6 and len(state["hands"][0]) == 12
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "buy", "count": 0}  # 12 = 6 + 6
    state["hands"][0] = state["hands"][0][:8]
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "buy", "count": 4}
    state["scores"][0] = 20  # one card per 10 points
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "buy", "count": 2}
    assert BOTS["easy"].choose(state, 0, random.Random(1)) == {"type": "buy", "count": 0}


def test_normal_bot_discards_a_burden_no_one_can_take_before_its_sequence_is_down():
    groups = {1: [("set", ids("R4", "Y4", "G4"), False)]}  # the only other seat is down: no target
    state = table([ids("BURDEN", "R3", "Y3", "B3", "R7", "Y7", "G1", "B11"), ids("B8")], groups=groups)
    assert not [move for move in RULES.legal_moves(state, 0) if move["type"] == "action"]
    assert BOTS["normal"].choose(state, 0, random.Random(1)) == {"type": "discard", "card": "BURDEN:0"}
    assert BOTS["easy"].choose(state, 0, random.Random(1)) == {"type": "discard", "card": "B11:0"}
