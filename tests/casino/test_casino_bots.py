"""Casino bots: legal, honest (they play from what their seat may know) and, for the
normal level, sensible about the points at stake."""

import random

import pytest

from games.casino.engine import RULES, deck
from games.casino.engine.bots import BOTS, EasyBot, NormalBot
from tests.casino.casino_states import build, capture, make_build, position, trail


def whole_game(levels, seed, options=None):
    rng = random.Random(seed)
    state = RULES.new_game(len(levels), options or {}, seed)
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, BOTS[levels[seat]].choose(state, seat, rng))
    return state


@pytest.mark.parametrize("levels", [["random", "random"], ["easy", "normal", "random"], ["normal"] * 4])
def test_bots_play_whole_games_to_twenty_one(levels):
    state = whole_game(levels, seed=len(levels))
    result = RULES.result(state)
    assert result["reason"] == "target" and len(result["winners"]) == 1
    assert result["scores"][result["winners"][0]] >= 21


def test_bot_games_replay_from_the_seed():
    assert whole_game(["normal", "easy", "random"], 9) == whole_game(["normal", "easy", "random"], 9)


def test_bots_choose_from_what_their_seat_may_know():
    """Shuffling the other hands and the stock changes nothing a bot does."""
    rng = random.Random(4)
    state = RULES.new_game(3, {}, 4)
    for _ in range(60):
        seat = RULES.to_act(state)[0]
        hidden = state["hands"][(seat + 1) % 3] + state["hands"][(seat + 2) % 3] + state["stock"]
        shuffled = random.Random(len(hidden)).sample(hidden, len(hidden))
        other = dict(state, hands=list(state["hands"]))
        for k in (1, 2):
            size = len(state["hands"][(seat + k) % 3])
            other["hands"][(seat + k) % 3], shuffled = shuffled[:size], shuffled[size:]
        other["stock"] = shuffled
        for level in ("random", "easy", "normal"):
            seed = rng.random()
            assert BOTS[level].choose(state, seat, random.Random(seed)) == BOTS[level].choose(
                other, seat, random.Random(seed)
            )
        state = RULES.apply(state, seat, BOTS["normal"].choose(state, seat, rng))


def test_normal_bot_takes_the_big_casino_rather_than_leave_it():
    state = position([["10H", "3S", "KH"], ["QD"]], loose=["10D", "3C"])
    assert NormalBot().choose(state, 0, random.Random(1)) == capture("10H", ["10D"], [])


def test_normal_bot_does_not_leave_the_little_casino_when_it_can_take_it():
    state = position([["AC", "2H"], ["QD"]], loose=["2S", "AD", "KH"])
    assert NormalBot().choose(state, 0, random.Random(1)) == capture("2H", ["2S"], [])


def test_normal_bot_never_trails_the_big_casino_when_it_can_avoid_it():
    state = position([["10D", "KH"], ["QD"]], loose=["5C"])
    assert NormalBot().choose(state, 0, random.Random(1)) == trail("KH")


def test_normal_bot_builds_when_it_holds_the_value():
    state = position([["6S", "8H"], ["QD"]], loose=["2D", "KC"])
    assert NormalBot().choose(state, 0, random.Random(1)) == make_build("6S", 8, ["2D"])


def test_normal_bot_values_aces_above_card_count():
    state = position([["AC", "9H"], ["QD"]], loose=["AD", "5S", "4C"])
    assert NormalBot().choose(state, 0, random.Random(1)) == capture("AC", ["AD"], [])


def test_normal_bot_captures_its_build():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8H", "3C"], ["QD"]], loose=["7C"], builds=[b1])
    assert NormalBot().choose(state, 0, random.Random(1)) == capture("8H", [], ["b1"])


def test_easy_bot_takes_the_capture_with_most_cards():
    state = position([["9C", "7H"], ["QD"]], loose=["5D", "4S", "7C", "2H"])
    assert EasyBot().choose(state, 0, random.Random(1))["card"] == "9C"


@pytest.mark.parametrize("bot", [EasyBot(), NormalBot()])
def test_bots_ask_one_question_of_each_opponent_after_a_capture(bot):
    state = RULES.apply(position([["9C", "2C"], ["3D"], ["4H"]], loose=["5D", "4S"]), 0, capture("9C", ["5D", "4S"]))
    assert bot.choose(state, 0, random.Random(1)) == {"type": "ask", "questions": {"1": "5D", "2": "4S"}}


def asked_questions(count):
    """Seat 1 with `count` questions pending, one per card."""
    state = position([["9C"], ["3D"]], seed=7)
    state["asked"] = [
        {"id": f"q{k + 1}", "card": card, "by": 0, "to": 1, "deal": 1, "choice": None, "right": None}
        for k, card in enumerate(deck()[:count])
    ]
    return state


def answers(bot, count, seed=3):
    state, rng = asked_questions(count), random.Random(seed)
    while any(record["choice"] is None for record in state["asked"]):
        move = bot.choose(state, 1, rng)
        assert move["type"] == "answer"
        state = RULES.apply(state, 1, move)
    return [record["right"] for record in state["asked"]]


def test_bots_answer_pending_questions_first_with_their_accuracy():
    assert all(answers(NormalBot(accuracy=1), 20))
    assert not any(answers(NormalBot(accuracy=0), 20))
    rate = sum(answers(NormalBot(accuracy=0.7), 52)) / 52
    assert 0.55 <= rate <= 0.85
    assert answers(NormalBot(accuracy=0.7), 52, seed=5) == answers(NormalBot(accuracy=0.7), 52, seed=5)


def test_accuracy_is_a_chance():
    with pytest.raises(ValueError):
        NormalBot(accuracy=1.5)
