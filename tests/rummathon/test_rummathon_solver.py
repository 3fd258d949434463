"""The Rummathon solver: groups meeting a sequence in a hand, with as few Flex as it can,
and how many cards a hand still lacks."""

from games.rummathon.engine import find_sequence, meets, shortfall

TWO_SETS = [{"kind": "set", "size": 3}, {"kind": "set", "size": 3}]
SET_AND_RUN = [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}]
COLOUR_AND_RUN = [{"kind": "colour", "size": 4}, {"kind": "run", "size": 3}]


def flex_in(groups):
    return sum(card.startswith("FLEX") for group in groups for card in group["cards"])


def test_two_sets_of_naturals_are_found():
    hand = ["R5:0", "Y5:0", "B5:1", "G9:0", "G9:1", "Y9:0", "R1:0", "B12:0"]
    groups = find_sequence(hand, TWO_SETS)
    assert meets(TWO_SETS, groups)
    assert sorted(sorted(group["cards"]) for group in groups) == [["B5:1", "R5:0", "Y5:0"], ["G9:0", "G9:1", "Y9:0"]]


def test_groups_come_in_the_order_of_the_sequence():
    hand = ["R3:0", "Y4:0", "B5:0", "G6:0", "R9:0", "Y9:0", "B9:0", "G12:0"]
    groups = find_sequence(hand, SET_AND_RUN)
    assert [group["kind"] for group in groups] == ["set", "run"]
    assert groups[1]["cards"] == ["R3:0", "Y4:0", "B5:0", "G6:0"]


def test_flex_fills_what_is_missing():
    hand = ["R3:0", "B5:0", "G6:0", "FLEX:0", "R9:0", "Y9:0", "FLEX:1", "G12:0"]
    groups = find_sequence(hand, SET_AND_RUN)
    assert meets(SET_AND_RUN, groups) and flex_in(groups) == 2


def test_the_solver_prefers_naturals_to_flex():
    hand = ["R7:0", "Y7:0", "B7:0", "FLEX:0", "FLEX:1", "G2:0", "G2:1", "R11:0"]
    groups = find_sequence(hand, TWO_SETS)
    assert meets(TWO_SETS, groups) and flex_in(groups) == 1


def test_a_run_leaves_the_colour_a_colour_group_needs():
    # The run 1-2-3 could take the red 2 and 3, but the colour group of 4 needs them.
    hand = ["R1:0", "R2:0", "R3:0", "R5:0", "R7:0", "G2:0", "B3:0", "Y11:0"]
    groups = find_sequence(hand, COLOUR_AND_RUN)
    assert meets(COLOUR_AND_RUN, groups)
    assert sorted(groups[0]["cards"]) == ["R2:0", "R3:0", "R5:0", "R7:0"]
    assert groups[1]["cards"] == ["R1:0", "G2:0", "B3:0"]


def test_two_sets_may_share_one_numbers_cards_with_flex():
    hand = ["R5:0", "Y5:0", "FLEX:0", "FLEX:1", "FLEX:2", "FLEX:3"]
    groups = find_sequence(hand, TWO_SETS)
    assert meets(TWO_SETS, groups)
    assert [flex_in([group]) for group in groups] == [2, 2]


def test_two_colour_groups_of_one_colour_each_keep_a_natural_card():
    hand = ["B4:1", "B7:0", "B9:1", "B10:1", "B11:0", "B11:1", "FLEX:0", "FLEX:1", "FLEX:2", "FLEX:3", "FLEX:4"]
    two_colours = [{"kind": "colour", "size": 5}, {"kind": "colour", "size": 6}]
    assert meets(two_colours, find_sequence(hand, two_colours))


def test_no_sequence_when_the_hand_lacks_it():
    assert find_sequence(["R5:0", "Y5:0", "B6:0", "G9:0", "G10:1", "Y12:0"], TWO_SETS) is None
    assert find_sequence(["FLEX:0", "FLEX:1", "FLEX:2", "FLEX:3", "FLEX:4", "R1:0"], TWO_SETS) is None


def test_action_cards_stay_in_hand():
    hand = ["R5:0", "Y5:0", "B5:1", "G9:0", "G9:1", "Y9:0", "BYPASS:0", "SABOTAGE:0"]
    used = {card for group in find_sequence(hand, TWO_SETS) for card in group["cards"]}
    assert not used & {"BYPASS:0", "SABOTAGE:0"}


def test_leftover_naturals_join_the_groups_but_one_card_stays_to_discard():
    hand = ["R5:0", "Y5:0", "B5:1", "G5:0", "G9:0", "G9:1", "Y9:0", "R9:1"]
    groups = find_sequence(hand, TWO_SETS)
    assert sum(len(group["cards"]) for group in groups) == 7
    runs = find_sequence(["R3:0", "Y4:0", "B5:0", "G6:0", "R7:0", "R8:0", "R9:0", "Y9:0", "B9:0", "G1:0"], SET_AND_RUN)
    assert runs[1]["cards"] == ["R3:0", "Y4:0", "B5:0", "G6:0", "R7:0", "R8:0"]


def test_without_growing_the_groups_hold_only_what_the_sequence_needs():
    hand = ["R5:0", "Y5:0", "B5:1", "G5:0", "G9:0", "G9:1", "Y9:0", "R9:1"]
    groups = find_sequence(hand, TWO_SETS, grow=False)
    assert meets(TWO_SETS, groups) and [len(group["cards"]) for group in groups] == [3, 3]
    runs = find_sequence(
        ["R3:0", "Y4:0", "B5:0", "G6:0", "R7:0", "R8:0", "R9:0", "Y9:0", "B9:0"], SET_AND_RUN, grow=False
    )
    assert [len(group["cards"]) for group in runs] == [3, 4]


def test_the_whole_hand_may_go_down_when_the_sequence_needs_it():
    hand = ["R5:0", "Y5:0", "B5:1", "G9:0", "G9:1", "Y9:0"]
    assert sum(len(group["cards"]) for group in find_sequence(hand, TWO_SETS)) == 6


def test_shortfall_is_zero_when_the_sequence_is_there():
    assert shortfall(["R5:0", "Y5:0", "B5:1", "G9:0", "G9:1", "Y9:0"], TWO_SETS) == 0


def test_shortfall_counts_the_cards_still_missing():
    assert shortfall(["R5:0", "Y5:0", "G9:0", "G9:1", "B1:0"], TWO_SETS) == 2
    assert shortfall(["R5:0", "Y5:0", "G9:0", "FLEX:0", "B1:0"], TWO_SETS) == 2


def test_shortfall_counts_a_natural_card_for_a_group_with_none():
    # Five Flex could fill the places, but the second set has no natural card yet.
    assert shortfall(["R5:0", "FLEX:0", "FLEX:1", "FLEX:2", "FLEX:3", "FLEX:4"], TWO_SETS) == 1
