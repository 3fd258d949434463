"""Casino's hard bot and the worlds it samples: the hidden cards dealt again keep what the
seat sees, the bot chooses alike in every such world, and it plays whole games."""

import random
from collections import Counter

import pytest

from games.casino.engine import RULES, all_cards
from games.casino.engine.bots import BOTS, HardBot, NormalBot, expected_points
from games.casino.engine.hidden import reshuffle_hidden
from tests.casino.casino_states import build, capture, position


def positions(players, seed, count):
    """`count` positions of a game between normal bots, with the seat to act at each."""
    rng = random.Random(seed)
    state = RULES.new_game(players, {}, seed)
    found = []
    while RULES.to_act(state) and len(found) < count:
        seat = RULES.to_act(state)[0]
        found.append((state, seat))
        state = RULES.apply(state, seat, BOTS["normal"].choose(state, seat, rng))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reshuffled_worlds_keep_the_view_and_the_cards(players):
    for k, (state, seat) in enumerate(positions(players, seed=players, count=80)):
        world = reshuffle_hidden(state, seat, random.Random(k))
        assert RULES.view(world, seat) == RULES.view(state, seat)
        assert Counter(all_cards(world)) == Counter(all_cards(state))
        assert [len(hand) for hand in world["hands"]] == [len(hand) for hand in state["hands"]]


def test_reshuffled_worlds_depend_on_the_view_only():
    for k, (state, seat) in enumerate(positions(3, seed=5, count=60)):
        other = reshuffle_hidden(state, seat, random.Random(1000 + k))
        assert reshuffle_hidden(state, seat, random.Random(k)) == reshuffle_hidden(other, seat, random.Random(k))


def test_a_build_owner_holds_a_card_of_its_value_in_every_world():
    state = position([["3C", "9H"], ["6D", "KS"]], builds=[build("b1", ["4D", "2D"], 6, 1)], stock=["6H", "6S", "QC"])
    for k in range(30):
        world = reshuffle_hidden(state, 0, random.Random(k))
        assert any(card.startswith("6") for card in world["hands"][1])
        assert world["hands"][0] == ["3C", "9H"]


def test_a_resigned_build_owner_keeps_its_set_aside_hand_in_every_world():
    state = position(
        [["3C", "9H"], ["6D", "KS"], ["7C", "8C"]], builds=[build("b1", ["4D", "3D"], 7, 2)], stock=["6H", "QC"]
    )
    state = RULES.apply(state, 2, {"type": "resign"})
    for k in range(30):
        world = reshuffle_hidden(state, 0, random.Random(k))
        assert RULES.view(world, 0) == RULES.view(state, 0)
        assert world["hands"][2] == [] and len(world["out_hands"]["2"]) == 2


@pytest.mark.parametrize("players", [2, 3])
def test_hard_bot_chooses_alike_in_every_world_its_seat_may_be_in(players):
    bot = HardBot()
    for k, (state, seat) in enumerate(positions(players, seed=11, count=40)):
        world = reshuffle_hidden(state, seat, random.Random(k))
        assert bot.choose(state, seat, random.Random(k)) == bot.choose(world, seat, random.Random(k))


@pytest.mark.parametrize(
    "levels", [["hard", "normal"], ["normal", "hard", "easy"], ["hard", "hard", "normal", "random"]]
)
def test_hard_bot_plays_whole_games(levels):
    rng = random.Random(3)
    state = RULES.new_game(len(levels), {"sweeps": True}, 3)
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, BOTS[levels[seat]].choose(state, seat, rng))
    assert RULES.result(state)["reason"] == "target"


def test_hard_bot_knows_capitals_as_well_as_the_normal_bot():
    assert BOTS["hard"].accuracy == NormalBot().accuracy == 0.7


def test_hard_bot_takes_the_table_with_the_last_capture_of_the_deal():
    """Last cards of the deal: capturing the 3 now leaves the opponent's queen nothing, and
    the last capture takes what is left on the table (an ace among it)."""
    state = position([["3D", "5C"], ["QH", "8S"]], loose=["3H", "AS", "9C"])
    state.update(last_capturer=1)
    assert HardBot().choose(state, 0, random.Random(1)) == capture("3D", ["3H"])


def test_expected_points_count_what_is_won_and_the_odds_of_the_majorities():
    state = position([[], []])
    piles = [["AS", "2S", "10D", "3S", "4S", "5S", "6S", "7S"] + ["3H"] * 20, ["8H"]]
    state.update(piles=piles)
    mine, theirs = expected_points(state)
    assert mine == pytest.approx(1 + 1 + 2 + 3 + 1, abs=0.05)  # 28 cards and 7 spades: majorities won
    assert theirs == 0
