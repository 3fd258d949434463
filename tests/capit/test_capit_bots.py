"""Cap-It bots: each level plays legal moves and ends its games; "normal" plays sensibly."""

import random

import pytest

from engine.bots import LEVELS, get_bot, play
from games.capit.engine import RULES
from games.capit.engine.bots import PATIENCE
from tests.capit.capit_tables import FILLER, ROUND_1, ids, table

NORMAL = get_bot("capit", "normal")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_five_rounds(level):
    final = play("capit", [level] * 5, seed=21)
    assert final["phase"] == "over" and len(final["rounds"]) == 5


def test_normal_takes_a_discard_that_helps_its_contract_and_pushes_otherwise():
    hand = ids("7H", "7C", "9D", "9H", "KC", "3D", "5S", "QH", "4C", "10S")
    helps = table([hand] + FILLER, discard=ids("9S"), phase="draw")
    assert NORMAL.choose(helps, 0, random.Random(1)) == {"type": "take_discard"}
    useless = table([hand] + FILLER, discard=ids("8D"), phase="draw")
    assert NORMAL.choose(useless, 0, random.Random(1)) == {"type": "push"}
    wild = table([hand] + FILLER, discard=ids("JK"), phase="draw")
    assert NORMAL.choose(wild, 0, random.Random(1)) == {"type": "take_discard"}
    wild["turns"] = PATIENCE  # a long round: push, so that the stock runs out
    assert NORMAL.choose(wild, 0, random.Random(1)) == {"type": "push"}


def test_normal_lays_its_contract_then_replaces_a_wild_and_places_it():
    state = table([ROUND_1] + FILLER)
    move = NORMAL.choose(state, 0, random.Random(1))
    assert move["type"] == "lay_contract"
    state = RULES.apply(state, 0, move)
    assert sorted(state["hands"][0]) == sorted(ids("KC", "3D", "5S", "QH", "4C"))
    # Someone's run whose joker stands for the 4♣ that seat 0 holds.
    run = ["JK:1", "5C:0", "6C:0"]
    state["melds"] = state["melds"] + [{"owner": 1, "kind": "run", "cards": run, "as": ["4C", "5C", "6C"]}]
    state["stock"] = [card for card in state["stock"] if card not in run]
    move = NORMAL.choose(state, 0, random.Random(1))
    assert move == {"type": "replace", "meld": 2, "card": "4C:0", "wild": "JK:1"}
    state = RULES.apply(state, 0, move)
    move = NORMAL.choose(state, 0, random.Random(1))
    assert move["type"] == "lay_off" and move["cards"] == ["JK:1"] and state["melds"][move["meld"]]["kind"] == "set"
    state = RULES.apply(state, 0, move)
    assert NORMAL.choose(state, 0, random.Random(1))["type"] == "discard"


def test_normal_places_a_freed_wild_before_discarding():
    melds = [(1, "run", ids("5H", "JK", "7H")), (0, "set", ids("9C", "9D", "9S"))]
    state = table([ids("6H", "KC", "3D")] + FILLER, melds=melds, laid=[0, 1])
    state = RULES.apply(state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "JK:0"})
    assert NORMAL.choose(state, 0, random.Random(1)) == {"type": "lay_off", "meld": 1, "cards": ["JK:0"]}


def test_normal_discards_its_costliest_card_that_builds_nothing():
    hand = ids("7H", "7C", "9D", "9H", "KC", "3D", "5S", "4C", "10S") + ids("9S", copy=1)
    state = table([hand] + FILLER)
    assert NORMAL.choose(state, 0, random.Random(1)) in (
        {"type": "discard", "card": "KC:0"},
        {"type": "discard", "card": "10S:0"},
    )


def test_normal_beats_three_random_bots():
    won = 0
    for seed in range(8):
        levels = ["random"] * 4
        levels[seed % 4] = "normal"
        won += seed % 4 in play("capit", levels, seed)["result"]["winners"]
    assert won >= 7
