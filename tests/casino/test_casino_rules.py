"""Casino's rules, one case each (the rule sheet, games/casino/notes/rules.md and issue 21)."""

import json

import pytest

from engine.base import IllegalMove
from games.casino.engine import RULES, all_cards, deal_breakdown, deal_points, deck, is_capture, value
from tests.casino.casino_states import NO_QUESTIONS, build, capture, make_build, position, trail


def played(state, seat, move):
    """Apply `move`, then ask nothing if it opened the questions."""
    state = RULES.apply(state, seat, move)
    if state["phase"] == "ask":
        state = RULES.apply(state, seat, NO_QUESTIONS)
    return state


def refused(state, seat, move, reason):
    with pytest.raises(IllegalMove, match=reason):
        RULES.apply(state, seat, move)


# ---------------------------------------------------------------- the deal


def test_new_game_deals_four_each_and_four_to_the_table():
    state = RULES.new_game(3, {}, 7)
    assert [len(hand) for hand in state["hands"]] == [4, 4, 4]
    assert len(state["table"]["loose"]) == 4 and state["table"]["builds"] == []
    assert len(state["stock"]) == 52 - 16
    assert sorted(all_cards(state)) == sorted(deck())
    assert state["dealer"] == 0 and state["turn"] == 1 and state["deal"] == 1


def test_values_ace_one_numbers_pips_faces_none():
    assert [value(card) for card in ("AS", "2H", "9D", "10C", "JS", "QH", "KD")] == [1, 2, 9, 10, None, None, None]


def test_options_are_switches_sweeps_off_and_trivia_scoring_on_by_default():
    assert RULES.new_game(2, {}, 1)["options"] == {"sweeps": False, "trivia_points": True}
    with pytest.raises(ValueError, match="sweeps"):
        RULES.new_game(2, {"sweeps": 1}, 1)
    with pytest.raises(ValueError, match="unknown"):
        RULES.new_game(2, {"jokers": True}, 1)
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.new_game(5, {}, 1)


def test_redeal_of_four_each_when_hands_are_empty_and_none_to_the_table():
    stock = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    state = position([["KC"], ["KH"]], loose=["QD"], stock=stock)
    state = played(state, 0, trail("KC"))
    state = played(state, 1, trail("KH"))
    # One at a time from the seat after the dealer (seat 0 deals, so seat 1 first).
    assert state["hands"] == [["3C", "5C", "7C", "9C"], ["2C", "4C", "6C", "8C"]]
    assert state["table"]["loose"] == ["QD", "KC", "KH"]
    assert state["stock"] == [] and state["deal"] == 1 and state["turn"] == 0


# ---------------------------------------------------------------- captures


def test_pair_takes_a_card_of_the_same_rank():
    state = played(position([["7H", "2C"], ["3D"]], loose=["7S", "4D"]), 0, capture("7H", ["7S"]))
    assert state["piles"][0] == ["7S", "7H"]
    assert state["table"]["loose"] == ["4D"]
    assert state["last_capturer"] == 0 and state["turn"] == 1


def test_combine_eight_takes_six_and_two():
    state = played(position([["8C", "2C"], ["3D"]], loose=["6D", "2H", "5S"]), 0, capture("8C", ["6D", "2H"]))
    assert sorted(state["piles"][0]) == ["2H", "6D", "8C"]
    assert state["table"]["loose"] == ["5S"]


def test_combine_refuses_cards_that_do_not_make_the_value():
    refused(position([["8C", "2C"], ["3D"]], loose=["6D", "3H"]), 0, capture("8C", ["6D", "3H"]), "groups of 8")


def test_nine_takes_five_and_four_and_the_nine_at_once():
    state = position([["9C", "2C"], ["3D"]], loose=["5D", "4S", "9H", "KD"])
    state = played(state, 0, capture("9C", ["5D", "4S", "9H"]))
    assert sorted(state["piles"][0]) == ["4S", "5D", "9C", "9H"]
    assert state["table"]["loose"] == ["KD"]


def test_is_capture_helper():
    assert is_capture("9C", ["5D", "4S", "9H"])
    assert is_capture("8C", ["6D", "2H"])
    assert is_capture("10C", ["AS", "9D", "3H", "7H", "10H"])
    assert not is_capture("8C", ["6D", "3H"])
    assert not is_capture("8C", ["6D", "2H", "AH"])  # the ace fits no group
    assert is_capture("KC", ["KD"])
    assert not is_capture("KC", ["KD", "KH"])
    assert not is_capture("QC", ["KD"])
    assert not is_capture("10C", ["JD"])
    assert not is_capture("5C", [])


def test_face_cards_take_one_card_of_their_rank_at_a_time():
    state = position([["KS", "2C"], ["3D"]], loose=["KH", "KD", "QH"])
    refused(state, 0, capture("KS", ["KH", "KD"]), "A king only takes one king")
    refused(state, 0, capture("KS", ["QH"]), "A king only takes a king")
    state = played(state, 0, capture("KS", ["KH"]))
    assert state["table"]["loose"] == ["KD", "QH"]


def test_face_cards_never_build():
    state = position([["QS", "QC"], ["3D"]], loose=["QH"])
    refused(state, 0, make_build("QS", 10, ["QH"]), "never go into a build")


def test_build_is_captured_whole_by_its_value():
    b1 = build("b1", ["6S", "2D"], 8, owner=1)
    state = position([["8C", "2C"], ["8H"]], loose=["4D", "4H"], builds=[b1])
    state = played(state, 0, capture("8C", ["4D", "4H"], ["b1"]))
    assert sorted(state["piles"][0]) == ["2D", "4D", "4H", "6S", "8C"]
    assert state["table"]["builds"] == []


def test_build_is_never_part_of_a_sum():
    b1 = build("b1", ["6S", "2D"], 8, owner=1)
    state = position([["10C", "6C"], ["8H"]], loose=["2C"], builds=[b1])
    refused(state, 0, capture("10C", ["2C"], ["b1"]), "cannot take a build of 8")
    refused(state, 0, capture("6C", ["6S"]), "no loose 6♠")


# ---------------------------------------------------------------- builds


def test_build_eight_with_a_six_on_a_two_holding_an_eight():
    state = RULES.apply(position([["6S", "8H"], ["3D"]], loose=["2D", "KC"]), 0, make_build("6S", 8, ["2D"]))
    assert state["table"]["builds"] == [build("b1", ["6S", "2D"], 8, owner=0)]
    assert state["table"]["loose"] == ["KC"] and state["turn"] == 1


def test_build_needs_a_card_of_its_value_in_hand():
    state = position([["6S", "9H"], ["3D"]], loose=["2D"])
    refused(state, 0, make_build("6S", 8, ["2D"]), "You hold no 8 to build eight with")


def test_build_on_a_build_to_nine():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = RULES.apply(position([["8H", "3C"], ["AC", "9H"]], builds=[b1], turn=1), 1, make_build("AC", 9, onto="b1"))
    assert state["table"]["builds"] == [build("b1", ["6S", "2D", "AC"], 9, owner=1)]


def test_raise_must_make_the_sum():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8H", "3C"], ["AC", "10H"]], builds=[b1], turn=1)
    refused(state, 1, make_build("AC", 10, onto="b1"), "makes 9, not 10")


def test_build_at_most_ten():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8H", "3C"], ["5C", "KH"]], loose=["7D"], builds=[b1], turn=1)
    refused(state, 1, make_build("5C", 13, onto="b1"), "1 to 10")
    refused(state, 1, make_build("5C", 12, ["7D"]), "1 to 10")


def test_card_on_an_equal_card_makes_a_multiple_build_that_cannot_be_raised():
    state = RULES.apply(position([["3C", "3H"], ["AC", "4H"]], loose=["3D"]), 0, make_build("3C", 3, ["3D"]))
    assert state["table"]["builds"] == [build("b1", ["3C", "3D"], 3, owner=0, multiple=True)]
    refused(state, 1, make_build("AC", 4, onto="b1"), "A multiple build cannot be raised")


def test_adding_a_group_to_a_build_makes_it_multiple_and_yours():
    b1 = build("b1", ["6S", "2D"], 8, owner=1)
    state = position([["5C", "8H"], ["8D"]], loose=["3D"], builds=[b1])
    state = RULES.apply(state, 0, make_build("5C", 8, ["3D"], onto="b1"))
    assert state["table"]["builds"] == [build("b1", ["6S", "2D", "5C", "3D"], 8, owner=0, multiple=True)]
    short = position([["5C", "8H"], ["8D"]], loose=["2D"], builds=[b1])
    refused(short, 0, make_build("5C", 8, ["2D"], onto="b1"), "add cards making 8")


def test_no_trailing_while_you_own_a_build():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    refused(position([["3H", "8C"], ["KD"]], builds=[b1]), 0, trail("3H"), "You own a build: you cannot trail")


def test_the_last_card_of_a_builds_value_only_captures_that_build():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8C", "3H"], ["KD"]], loose=["8D"], builds=[b1])
    refused(state, 0, capture("8C", ["8D"]), "your last card of that value may only capture it")
    state = played(state, 0, capture("8C", ["8D"], ["b1"]))
    assert sorted(state["piles"][0]) == ["2D", "6S", "8C", "8D"]


def test_with_another_card_of_the_value_the_owner_may_capture_something_else():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = played(position([["8C", "8H"], ["KD"]], loose=["8D"], builds=[b1]), 0, capture("8C", ["8D"]))
    assert state["table"]["builds"] == [b1]


def test_building_with_the_last_card_of_an_owned_builds_value_is_refused():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8C", "10H"], ["KD"]], loose=["2H"], builds=[b1])
    refused(state, 0, make_build("8C", 10, ["2H"]), "own a build of 8")


# ---------------------------------------------------------------- trailing


def test_trailing_lays_the_card_on_the_table():
    state = RULES.apply(position([["7H", "KS"], ["3D"]], loose=["2D"]), 0, trail("7H"))
    assert state["table"]["loose"] == ["2D", "7H"] and state["hands"][0] == ["KS"] and state["turn"] == 1


def test_a_card_you_do_not_hold_is_refused():
    refused(position([["7H"], ["3D"]], loose=["2D"]), 0, trail("3D"), "You do not hold the 3♦")
    refused(position([["7H"], ["3D"]], loose=["2D"]), 1, trail("3D"), "not your turn")


# ---------------------------------------------------------------- end of a deal and scoring


def ended_deal(options=None, scores=None):
    """Seat 0 takes 5♦ 4♠ with its 9 (clearing the table), seat 1 trails the K♥: the deal ends."""
    state = position([["9C"], ["KH"]], loose=["5D", "4S"], options=options, scores=scores or [0, 0])
    state = played(state, 0, capture("9C", ["5D", "4S"]))
    return played(state, 1, trail("KH"))


def test_last_capturer_takes_the_table():
    summary = ended_deal()["deals"][0]
    assert summary["last_capturer"] == 0 and summary["table_left"] == 1
    assert summary["cards"] == [4, 0] and summary["spades"] == [1, 0]


def test_sweeps_score_only_with_the_option():
    assert ended_deal()["deals"][0]["breakdown"][0]["sweeps"] == 0
    swept = ended_deal({"sweeps": True})["deals"][0]
    assert swept["breakdown"][0]["sweeps"] == 1  # the table taken at the end is no sweep
    assert swept["points"] == [3 + 1 + 1, 0]


def test_scoring_of_a_whole_deal():
    hearts_clubs = [card for card in deck() if card[-1] in "HC"]
    spades_diamonds = [card for card in deck() if card[-1] in "SD"]
    first = hearts_clubs + ["10D"]
    second = [card for card in spades_diamonds if card != "10D"]
    rows = deal_breakdown([first, second])
    assert rows[0] == {"cards": 3, "spades": 0, "big_casino": 2, "little_casino": 0, "aces": 2, "sweeps": 0}
    assert rows[1] == {"cards": 0, "spades": 1, "big_casino": 0, "little_casino": 1, "aces": 2, "sweeps": 0}
    assert deal_points([first, second]) == [7, 4]
    assert sum(deal_points([first, second])) == 11


def test_ties_for_most_cards_or_most_spades_score_nobody():
    hearts_clubs = [card for card in deck() if card[-1] in "HC"]
    spades_diamonds = [card for card in deck() if card[-1] in "SD"]
    assert [row["cards"] for row in deal_breakdown([hearts_clubs, spades_diamonds])] == [0, 0]
    spades = [card for card in deck() if card[-1] == "S"]
    piles = [spades[:4], spades[4:8], spades[8:11], spades[11:]]
    assert [row["spades"] for row in deal_breakdown(piles)] == [0, 0, 0, 0]


def test_deal_points_counts_sweeps_when_given():
    assert deal_points([["3H"], ["4H", "5H"]], sweeps=[2, 0]) == [2, 3]
    assert deal_points([["3H"], ["4H", "5H"]]) == [0, 3]


def final_deal(scores):
    """Each seat takes an ace and two cards: one point each (no majority, no spades)."""
    state = position([["5C"], ["5H"]], loose=["AD", "4D", "AH", "4H"], scores=scores)
    state = played(state, 0, capture("5C", ["AD", "4D"]))
    return played(state, 1, capture("5H", ["AH", "4H"]))


def test_twenty_one_reached_with_a_tie_plays_another_deal():
    state = final_deal([20, 20])
    assert state["scores"] == [21, 21] and state["phase"] == "play"
    assert state["deal"] == 2 and state["dealer"] == 1 and state["turn"] == 0
    assert [len(hand) for hand in state["hands"]] == [4, 4] and sorted(all_cards(state)) == sorted(deck())


def test_the_single_highest_total_of_twenty_one_wins():
    state = final_deal([20, 19])
    assert state["phase"] == "over" and RULES.to_act(state) == []
    result = RULES.result(state)
    assert result["winners"] == [0] and result["scores"] == [21, 20] and result["reason"] == "target"


def test_below_twenty_one_the_next_dealer_deals():
    state = final_deal([3, 4])
    assert state["deal"] == 2 and state["scores"] == [4, 5] and state["deals"][0]["totals"] == [4, 5]


# ---------------------------------------------------------------- resigning and the state


def test_resigning_leaves_the_last_seat_the_winner():
    state = RULES.apply(RULES.new_game(2, {}, 3), 0, {"type": "resign"})
    assert RULES.result(state)["winners"] == [1] and RULES.result(state)["reason"] == "last_standing"


def test_resigning_out_of_turn_keeps_the_turn_and_the_cards():
    state = RULES.new_game(3, {}, 3)
    after = RULES.apply(state, 2, {"type": "resign"})
    assert after["turn"] == state["turn"] and after["out"] == [2] and after["hands"][2] == []
    assert sorted(all_cards(after)) == sorted(deck())


def test_state_and_moves_are_json_round_trippable():
    state = RULES.new_game(4, {"sweeps": True}, 11)
    assert json.loads(json.dumps(state)) == state
    for move in RULES.legal_moves(state, state["turn"]):
        assert json.loads(json.dumps(move)) == move
        after = RULES.apply(json.loads(json.dumps(state)), state["turn"], json.loads(json.dumps(move)))
        assert json.loads(json.dumps(after)) == after


def test_apply_never_changes_its_input():
    state = position([["9C", "2C"], ["3D"]], loose=["5D", "4S", "9H"])
    before = json.dumps(state, sort_keys=True)
    RULES.apply(state, 0, capture("9C", ["5D", "4S", "9H"]))
    RULES.apply(state, 0, trail("2C"))
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize(
    "move",
    [
        "capture",
        {"type": "fold"},
        {"type": "capture", "card": "9C", "loose": "5D"},
        {"type": "capture", "card": "9C", "loose": ["5D", "5D"]},
        {"type": "capture", "card": "9C", "builds": ["b9"]},
        {"type": "capture", "card": "ZZ", "loose": ["9H"]},
        {"type": "build", "card": "2C", "value": "nine", "loose": ["5D"]},
        {"type": "trail", "card": "2C", "extra": 1},
        {"type": "ask", "questions": {}},
        {"type": "answer", "question": "q1", "choice": 0},
    ],
)
def test_forged_moves_are_refused_with_a_reason(move):
    with pytest.raises(IllegalMove):
        RULES.apply(position([["9C", "2C"], ["3D"]], loose=["5D", "4S", "9H"]), 0, move)


def test_describe_tells_the_table_what_happened():
    state = position([["9C", "2C"], ["3D"]], loose=["5D", "4S", "9H"])
    assert RULES.describe(state, 0, capture("9C", ["5D", "4S", "9H"])) == "{player} captured 5♦ 4♠ 9♥ with the 9♣."
    assert RULES.describe(state, 0, trail("2C")) == "{player} trailed the 2♣."
    state["options"]["sweeps"] = True
    assert RULES.describe(state, 0, capture("9C", ["5D", "4S", "9H"])).endswith("with the 9♣. A sweep!")
    state = position([["6S", "8H"], ["3D"]], loose=["2D"])
    assert RULES.describe(state, 0, make_build("6S", 8, ["2D"])) == "{player} built 8 with the 6♠ and 2♦."
