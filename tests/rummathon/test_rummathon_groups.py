"""Rummathon Royale groups (sets, runs, colour groups, Flex wild), hitting, and the
requirements a lay-down meets, as games/rummathon/notes/rules.md states them."""

import pytest

from games.rummathon import engine as rummathon
from games.rummathon.engine import (
    GroupError,
    arrange,
    can_hit,
    group_problem,
    hit,
    hit_problem,
    is_group,
    meets,
    meets_problem,
    sequence_text,
)

SET3 = {"kind": "set", "size": 3}
RUN4 = {"kind": "run", "size": 4}
COLOUR5 = {"kind": "colour", "size": 5}


def test_public_helpers_are_exported():
    assert rummathon.meets is meets and rummathon.KINDS == ("set", "run", "colour")


# ---------------------------------------------------------------- what may be in a group


@pytest.mark.parametrize("kind", ["set", "run", "colour"])
def test_every_group_needs_at_least_one_natural_card(kind):
    assert "at least one natural card" in group_problem(["FLEX:0", "FLEX:1", "FLEX:2"], kind)


@pytest.mark.parametrize("card", ["BYPASS:0", "BURDEN:1", "DOUBLE_BURDEN:0", "BLOCK:0", "SABOTAGE:0"])
@pytest.mark.parametrize("kind", ["set", "run", "colour"])
def test_only_number_cards_and_flex_may_be_in_a_group(card, kind):
    problem = group_problem(["R5:0", "R6:0", card], kind)
    assert "cannot be in a group" in problem


@pytest.mark.parametrize("kind", ["set", "run", "colour"])
def test_a_group_has_at_least_three_cards(kind):
    assert group_problem(["R5:0", "FLEX:0"], kind) == "A group needs at least 3 cards."


def test_a_card_given_twice_or_unknown_is_refused():
    assert "given twice" in group_problem(["R5:0", "R5:0", "Y5:0"], "set")
    assert "no card" in group_problem(["R5:0", "Y5:0", "R13:0"], "set")
    assert group_problem("R5:0 Y5:0 G5:0", "set") == "A group is a list of cards."


def test_an_unknown_kind_is_refused():
    with pytest.raises(GroupError, match="set"):
        arrange(["R5:0", "Y5:0", "G5:0"], "pair")


def test_a_size_asks_for_at_least_that_many_cards():
    assert is_group(["R5:0", "Y5:0", "G5:0", "B5:0"], "set", 4)
    assert group_problem(["R5:0", "Y5:0", "G5:0"], "set", 4) == "This set needs at least 4 cards; it has 3."


# ---------------------------------------------------------------- sets


def test_a_set_is_one_number_in_any_colours_with_flex_wild():
    assert arrange(["R7:0", "R7:1", "B7:0", "FLEX:2"], "set") == (["R7:0", "R7:1", "B7:0", "FLEX:2"], ["7"] * 4)
    assert is_group(["FLEX:0", "FLEX:1", "G12:0"], "set")


def test_a_set_of_two_numbers_is_refused():
    assert group_problem(["R7:0", "Y7:0", "Y8:0"], "set") == "A set needs cards of one number: R7 and Y8 differ."


# ---------------------------------------------------------------- colour groups


def test_a_colour_group_is_one_colour_any_numbers_with_flex_wild():
    assert arrange(["G1:0", "G9:0", "G9:1", "FLEX:0"], "colour") == (["G1:0", "G9:0", "G9:1", "FLEX:0"], ["G"] * 4)


def test_a_colour_group_of_two_colours_is_refused():
    assert "one colour: G1 and B2 differ" in group_problem(["G1:0", "B2:0", "G3:0"], "colour")


# ---------------------------------------------------------------- runs


def test_a_run_is_consecutive_numbers_in_any_colours():
    assert arrange(["R3:0", "Y4:0", "B5:1", "G6:0"], "run") == (["R3:0", "Y4:0", "B5:1", "G6:0"], ["3", "4", "5", "6"])


def test_a_run_given_out_of_order_sorts_itself():
    assert arrange(["G6:0", "R3:0", "B5:1", "Y4:0"], "run")[0] == ["R3:0", "Y4:0", "B5:1", "G6:0"]


def test_a_flex_in_a_run_takes_a_number():
    assert arrange(["R3:0", "FLEX:0", "B5:0"], "run") == (["R3:0", "FLEX:0", "B5:0"], ["3", "4", "5"])


def test_flex_cards_in_order_keep_their_places():
    assert arrange(["FLEX:0", "R5:0", "FLEX:1"], "run")[1] == ["4", "5", "6"]


def test_spare_flex_cards_extend_the_top_then_the_bottom():
    assert arrange(["FLEX:0", "R5:0", "Y6:0", "FLEX:1"][::-1], "run")[1] == ["5", "6", "7", "8"]
    assert arrange(["FLEX:0", "FLEX:1", "R12:0"], "run")[1] == ["10", "11", "12"]
    assert arrange(["R1:0", "FLEX:1", "FLEX:0"], "run")[1] == ["1", "2", "3"]


def test_runs_do_not_wrap_from_12_to_1():
    assert "too far apart" in group_problem(["R11:0", "Y12:0", "B1:0"], "run")


def test_a_run_has_one_card_of_each_number():
    assert "6 is there twice" in group_problem(["R5:0", "R6:0", "Y6:0"], "run")


def test_a_run_whose_gaps_need_more_flex_than_there_are_is_refused():
    assert (
        group_problem(["R1:0", "FLEX:0", "B4:0"], "run")
        == "1 and 4 are too far apart: the gaps need 2 Flex cards and there is 1."
    )


def test_a_run_is_at_most_twelve_cards_one_to_twelve():
    full = [f"R{n}:0" for n in range(1, 13)]
    assert is_group(full, "run")
    assert "at most 12" in group_problem([*full, "FLEX:0"], "run")


def test_arranged_cards_read_back_to_the_same_slots():
    ordered, slots = arrange(["B9:0", "FLEX:0", "FLEX:1", "R6:0"], "run")
    assert arrange(ordered, "run") == (ordered, slots)


# ---------------------------------------------------------------- hitting

RUN_567 = {"id": 4, "kind": "run", "cards": ["R5:0", "Y6:0", "G7:0"], "burden": False}


def test_a_run_is_hit_at_either_end_keeping_the_groups_other_keys():
    assert hit(RUN_567, ["B8:0"]) == {**RUN_567, "cards": ["R5:0", "Y6:0", "G7:0", "B8:0"]}
    assert hit(RUN_567, ["B4:0", "B3:1"])["cards"] == ["B3:1", "B4:0", "R5:0", "Y6:0", "G7:0"]


def test_a_flex_hit_on_a_run_extends_the_top_unless_told_low():
    assert hit(RUN_567, ["FLEX:0"])["cards"][-1] == "FLEX:0"
    assert hit(RUN_567, ["FLEX:0"], "low")["cards"][0] == "FLEX:0"
    top = {"kind": "run", "cards": ["R10:0", "R11:0", "R12:0"]}
    assert hit(top, ["FLEX:0"])["cards"] == ["FLEX:0", "R10:0", "R11:0", "R12:0"]


def test_a_flex_fills_the_gap_up_to_a_new_number():
    assert hit(RUN_567, ["B9:0", "FLEX:0"])["cards"] == ["R5:0", "Y6:0", "G7:0", "FLEX:0", "B9:0"]


def test_a_run_cannot_take_a_number_it_has_or_one_beyond_a_gap():
    assert hit_problem(RUN_567, ["B6:0"]) == "The run already has a 6: a run grows only at its ends."
    assert "no gap" in hit_problem(RUN_567, ["B9:0"])


def test_a_run_cannot_grow_past_1_or_12():
    bottom = {"kind": "run", "cards": ["R1:0", "R2:0", "R3:0"]}
    # Asked to go below 1, the Flex goes on top instead.
    assert hit(bottom, ["FLEX:0"], "low")["cards"] == ["R1:0", "R2:0", "R3:0", "FLEX:0"]
    assert "no gap" in hit_problem({"kind": "run", "cards": ["FLEX:0", "R11:0", "R12:0"]}, ["B8:0"])
    full = {"kind": "run", "cards": [f"R{n}:0" for n in range(1, 13)]}
    assert "at most 12" in hit_problem(full, ["FLEX:0"])


def test_a_set_takes_its_number_and_flex():
    sevens = {"kind": "set", "cards": ["R7:0", "Y7:0", "B7:0"]}
    assert hit(sevens, ["B7:1", "FLEX:3"])["cards"] == ["R7:0", "Y7:0", "B7:0", "B7:1", "FLEX:3"]
    assert hit_problem(sevens, ["B8:1"]) == "B8 does not fit this set of 7s."


def test_a_colour_group_takes_its_colour_and_flex():
    greens = {"kind": "colour", "cards": ["G1:0", "G4:0", "G9:0"]}
    assert can_hit(greens, ["G4:1", "FLEX:0"])
    assert hit_problem(greens, ["R4:1"]) == "R4 does not fit this green colour group."


def test_a_hit_needs_a_card_not_already_in_the_group_and_no_action_card():
    assert hit_problem(RUN_567, []) == "Hit with at least one card."
    assert "already in this group" in hit_problem(RUN_567, ["R5:0"])
    assert "cannot be in a group" in hit_problem(RUN_567, ["BLOCK:0"])


# ---------------------------------------------------------------- requirements

SET_OF_FIVES = {"kind": "set", "cards": ["R5:0", "Y5:0", "FLEX:0"]}
RUN_1_TO_4 = {"kind": "run", "cards": ["R1:0", "G2:0", "B3:0", "FLEX:1"]}


def test_sequence_text_counts_equal_items_together():
    assert sequence_text([SET3, SET3]) == "two sets of 3"
    assert sequence_text([SET3, RUN4]) == "a set of 3 and a run of 4"
    assert sequence_text([SET3, RUN4, COLOUR5]) == "a set of 3, a run of 4 and a colour group of 5"


def test_groups_meeting_the_requirement_in_any_order():
    assert meets([SET3, RUN4], [SET_OF_FIVES, RUN_1_TO_4])
    assert meets([SET3, RUN4], [RUN_1_TO_4, SET_OF_FIVES])


def test_groups_may_be_larger_than_the_requirement_asks():
    fours = {"kind": "set", "cards": ["R5:0", "Y5:0", "FLEX:0", "B5:1"]}
    assert meets([SET3, SET3], [fours, {"kind": "set", "cards": ["R1:0", "G1:0", "B1:0"]}])


def test_a_group_too_short_for_its_item_is_named():
    short_run = {"kind": "run", "cards": ["R1:0", "G2:0", "B3:0"]}
    assert meets_problem([SET3, RUN4], [SET_OF_FIVES, short_run]) == (
        "Group 2 needs 4 cards: this sequence is a set of 3 and a run of 4."
    )


def test_groups_of_the_wrong_kinds_do_not_meet_the_requirement():
    nines = {"kind": "set", "cards": ["R9:0", "Y9:0", "G9:0", "B9:0"]}
    assert meets_problem([SET3, RUN4], [SET_OF_FIVES, nines]) == (
        "This sequence is a set of 3 and a run of 4, not a set of 3 and a set of 4."
    )


def test_a_partial_sequence_is_refused():
    assert meets_problem([SET3, RUN4], [SET_OF_FIVES]) == (
        "This sequence is a set of 3 and a run of 4: lay exactly 2 groups."
    )
    assert not meets([SET3, RUN4], [SET_OF_FIVES, RUN_1_TO_4, {"kind": "set", "cards": ["R9:0", "Y9:0", "G9:0"]}])


def test_an_invalid_group_is_named_by_its_place():
    bad = {"kind": "set", "cards": ["R5:0", "Y6:0", "G5:0"]}
    assert meets_problem([SET3, SET3], [SET_OF_FIVES, bad]) == (
        "Group 2: A set needs cards of one number: R5 and Y6 differ."
    )


def test_a_card_used_in_two_groups_is_refused():
    again = {"kind": "set", "cards": ["R5:0", "G5:0", "B5:0"]}
    assert meets_problem([SET3, SET3], [SET_OF_FIVES, again]) == "R5 (R5:0) is in two groups."


def test_a_malformed_group_is_refused():
    assert meets_problem([SET3], [{"cards": ["R5:0", "G5:0", "B5:0"]}]) == "Group 1 needs a kind and its cards."
    assert meets_problem([SET3], [{"kind": "set", "card": "R5:0"}]) == "Group 1 needs a kind and its cards."
    assert meets_problem([SET3], [["R5:0", "G5:0", "B5:0"]]) == "Group 1 needs a kind and its cards."
    assert not meets([SET3], "R5:0 G5:0 B5:0")
