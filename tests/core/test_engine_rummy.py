"""The run arithmetic and wording the rummy games share (engine/rummy.py), on plain
numbers: None stands for a wild card, runs go from 1 to 12 here."""

from engine.rummy import extended_start, groups_text, lay_out, start_around, start_in_order


def test_cards_in_order_read_as_a_run_from_their_first_natural():
    assert start_in_order([None, 5, None], 1, 12) == 4
    assert start_in_order([3, 4, None, 6], 1, 12) == 3


def test_cards_out_of_order_or_off_the_ends_do_not_read_as_a_run():
    assert start_in_order([5, 4, 3], 1, 12) is None
    assert start_in_order([None, None, 1], 1, 12) is None
    assert start_in_order([11, 12, None], 1, 12) is None
    assert start_in_order([None, None, None], 1, 12) is None


def test_spare_wild_places_extend_the_top_then_the_bottom():
    assert start_around([5, 6], 4, 1, 12) == 5
    assert start_around([11, 12], 4, 1, 12) == 9
    assert start_around([3, 5], 3, 1, 12) == 3


def test_naturals_too_far_apart_or_a_run_too_long_have_no_start():
    assert start_around([1, 5], 4, 1, 12) is None
    assert start_around([1], 13, 1, 12) is None


def test_lay_out_puts_naturals_at_their_numbers_and_wild_cards_in_the_gaps_in_order():
    assert lay_out(["w1", "six", "w2", "four"], [None, 6, None, 4], 3) == ["w1", "four", "w2", "six"]


def test_a_run_extended_fills_gaps_then_grows_at_the_top_or_as_far_down_as_asked():
    assert extended_start(5, 7, [9], 1, 1, 12) == 5
    assert extended_start(5, 7, [], 2, 1, 12) == 5
    assert extended_start(5, 7, [], 2, 1, 12, "low") == 3
    assert extended_start(2, 4, [], 3, 1, 12, "low") == 1
    assert extended_start(10, 12, [], 1, 1, 12) == 9


def test_a_run_extended_past_a_gap_without_wild_cards_has_no_start():
    assert extended_start(5, 7, [9], 0, 1, 12) is None
    assert extended_start(1, 11, [], 2, 1, 12) is None


def test_groups_text_counts_equal_groups_together():
    assert groups_text([("set", 3), ("set", 3)]) == "two sets of 3"
    assert groups_text([("run", 3), ("run", 7)]) == "a run of 3 and a run of 7"
    three = [("set", 4), ("run", 3), ("colour group", 3)]
    assert groups_text(three) == "a set of 4, a run of 3 and a colour group of 3"
